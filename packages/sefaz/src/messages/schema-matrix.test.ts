import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { verifyElement } from '@emissor/signer';
import { sharedDir, sharedPath } from '@emissor/test-support';

import { emitterCredentials, emitterPfx, EMITTER_CNPJ, signedNfe } from '../../test/fixtures.js';
import {
  xmllintAvailable,
  xmllintErrorsEach,
  xmlsec1Available,
  xmlsec1Verifies,
} from '../../test/tools.js';
import { parseProcEventoNFeDocument, parseSefazAnswer } from '../answers/parse.js';
import { buildProcEventoNFe, buildProcInutNFe } from '../proc/assemble.js';
import { soapRequestContentType, soapRequestEnvelope } from '../soap/envelope.js';
import { readSoapRequest } from '../soap/request.js';
import {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  buildEnvEvento,
  CCE_CONDICAO_USO,
  signEvento,
} from './evento.js';
import type { InutilizacaoInput } from './inut-nfe.js';
import { buildInutNFe, signInutNFe } from './inut-nfe.js';

/*
 * The matrix of event and inutilização messages Emissor builds: every one validates with xmllint
 * against its own official pack (each pack's files alone: their tiposBasico differ) and every
 * signature verifies with xmlsec1, standalone, inside its lot, inside its SOAP body and inside the
 * proc documents assembled from real SEFAZ answers.
 */

const CANCEL = ['eventos', 'evento_cancelamento_110111'] as const;
const CCE = ['eventos', 'evento_cce_110110'] as const;
const GENERIC = ['eventos', 'evento_generico'] as const;
const CORE = ['PL_009_V4', 'PL_010b_NT2025_002_v1.30'] as const;
const schemasPresent = sharedDir() !== undefined && xmllintAvailable;
const certificate = emitterPfx.certificatePem;

/** `base` repeated to exactly `length` characters, never ending in a space (TString). */
function fill(base: string, length: number): string {
  let text = '';
  while (text.length < length) text += `${base} `;
  text = text.slice(0, length);
  return text.endsWith(' ') ? `${text.slice(0, -1)}.` : text;
}

const ACCENTED = 'Ação fiscal: Ç ç Á á É é Í í Ó ó Ú ú Â â Ê ê Ô ô Ã ã Õ õ À à Ü ü ª º ° § ½ ÿ';
const SPECIAL = `Pedido & cia <ltda> "aspas" 'apostrofo' ¡¿×÷!~`;

/** Justificativas of 15–255 characters: the shortest, the longest, accents, markup characters. */
const JUSTIFICATIVAS = [
  'Cancelamento ok',
  fill(ACCENTED, 255),
  fill(SPECIAL, 120),
  `!${'ÿ'.repeat(13)}!`,
] as const;

/** Correções of 15–1000 characters, the same kinds. */
const CORRECOES = [
  'Correcao: CFOP.',
  fill(ACCENTED, 1000),
  fill(SPECIAL, 1000),
  `!${' '.repeat(13)}!`,
] as const;

const nfe = signedNfe(11);
const common = {
  ambiente: 'homologacao' as const,
  autor: { cnpj: EMITTER_CNPJ },
  chave: nfe.chave,
  dhEvento: '2026-11-21T20:00:00-03:00',
};

const cancelamento = (justificativa: string, extra: { cOrgao?: string } = {}) =>
  signEvento(
    buildCancelamentoEvento({ ...common, ...extra, nProt: '135260000000001', justificativa }),
    emitterCredentials,
  );

const cartaCorrecao = (nSeqEvento: number, correcao: string) =>
  signEvento(buildCartaCorrecaoEvento({ ...common, nSeqEvento, correcao }), emitterCredentials);

const cancelamentos = [
  ...JUSTIFICATIVAS.map((j) => cancelamento(j)),
  cancelamento(JUSTIFICATIVAS[0], { cOrgao: '91' }),
];
const cartas = [1, 2, 10, 19, 20].flatMap((seq) => CORRECOES.map((c) => cartaCorrecao(seq, c)));

const INUTILIZACOES: readonly Omit<InutilizacaoInput, 'ambiente' | 'justificativa' | 'cnpj'>[] = [
  { cUF: '35', ano: '26', serie: 1, numeroInicial: 5, numeroFinal: 7 },
  { cUF: '11', ano: '06', serie: 0, numeroInicial: 1, numeroFinal: 1 },
  { cUF: '53', ano: '99', serie: 999, numeroInicial: 999_999_999, numeroFinal: 999_999_999 },
  { cUF: '43', ano: '25', serie: 100, numeroInicial: 1, numeroFinal: 999_999_999 },
  { cUF: '52', ano: '00', serie: 10, numeroInicial: 9_999, numeroFinal: 10_000, modelo: '65' },
];
const inutilizacoes = INUTILIZACOES.map((range, index) =>
  signInutNFe(
    buildInutNFe({
      ...range,
      ambiente: 'producao',
      cnpj: EMITTER_CNPJ,
      justificativa: JUSTIFICATIVAS[index % JUSTIFICATIVAS.length] ?? JUSTIFICATIVAS[0],
    }),
    emitterCredentials,
  ),
);

const none = (list: readonly unknown[]) => list.map(() => []);

describe.skipIf(!schemasPresent)(
  'every event and inutilização validates under its own pack',
  () => {
    it('cancelamentos (15 and 255 characters, accents, markup, cOrgao 91) under the 110111 pack', () => {
      expect(xmllintErrorsEach(cancelamentos, ...CANCEL, 'eventoCancNFe_v1.00.xsd')).toEqual(
        none(cancelamentos),
      );
    });

    it('cartas de correção at nSeqEvento 1, 2, 10, 19 and 20 with 15–1000 characters under the 110110 pack', () => {
      expect(xmllintErrorsEach(cartas, ...CCE, 'CCe_v1.00.xsd')).toEqual(none(cartas));
    });

    it('envEvento lots: one cancelamento, twenty CC-e; under their pack and the generic one', () => {
      const cancelLot = buildEnvEvento({
        idLote: '999999999999999',
        eventos: [cancelamentos[1] ?? ''],
      });
      const cceLot = buildEnvEvento({
        idLote: '1',
        eventos: Array.from({ length: 20 }, (_, i) => cartaCorrecao(i + 1, fill(ACCENTED, 40))),
      });
      expect(xmllintErrorsEach([cancelLot], ...CANCEL, 'envEventoCancNFe_v1.00.xsd')).toEqual([[]]);
      expect(xmllintErrorsEach([cceLot], ...CCE, 'envCCe_v1.00.xsd')).toEqual([[]]);
      expect(xmllintErrorsEach([cancelLot, cceLot], ...GENERIC, 'envEvento_v1.00.xsd')).toEqual([
        [],
        [],
      ]);
    });

    it.each(CORE)(
      'inutNFe: ranges, series 0–999, years 00–99, models 55 and 65 under %s',
      (pack) => {
        expect(xmllintErrorsEach(inutilizacoes, pack, 'inutNFe_v4.00.xsd')).toEqual(
          none(inutilizacoes),
        );
      },
    );

    it('the CC-e carries, word for word, a text the schema enumerates for xCondUso', () => {
      const xsd = readFileSync(sharedPath('nfe-schemas', ...CCE, 'e110110_v1.00.xsd'), 'utf8');
      const xCondUso = xsd.slice(xsd.indexOf('name="xCondUso"'));
      const enumerated = [...xCondUso.matchAll(/<xs:enumeration value="([^"]*)"\/>/g)]
        .slice(0, 2)
        .map((m) => m[1]);
      expect(enumerated).toHaveLength(2);
      expect(enumerated).toContain(CCE_CONDICAO_USO);
      expect(cartas[0]).toContain(`<xCondUso>${CCE_CONDICAO_USO}</xCondUso>`);
    });

    it('a mutated event fails its schema, so the checks above can fail', () => {
      const broken = [
        cartaCorrecao(1, CORRECOES[0]).replace('<nSeqEvento>1<', '<nSeqEvento>21<'),
        cancelamentos[0]?.replace('<descEvento>Cancelamento<', '<descEvento>Cancelar<') ?? '',
      ];
      const [cce, cancel] = [
        xmllintErrorsEach([broken[0] ?? ''], ...CCE, 'CCe_v1.00.xsd'),
        xmllintErrorsEach([broken[1] ?? ''], ...CANCEL, 'eventoCancNFe_v1.00.xsd'),
      ];
      expect(cce[0]?.length).toBeGreaterThan(0);
      expect(cancel[0]?.length).toBeGreaterThan(0);
    });
  },
);

describe('every signature verifies', () => {
  it('with @emissor/signer, standalone', () => {
    for (const evento of [...cancelamentos, ...cartas])
      expect(verifyElement(evento, 'infEvento')).toMatchObject({ valid: true });
    for (const inut of inutilizacoes)
      expect(verifyElement(inut, 'infInut')).toMatchObject({ valid: true });
  });

  it.skipIf(!xmlsec1Available)('with xmlsec1, standalone and each one inside a lot of 20', () => {
    for (const evento of [...cancelamentos, ...cartas])
      expect(xmlsec1Verifies(evento, 'infEvento', certificate)).toBe(true);
    for (const inut of inutilizacoes)
      expect(xmlsec1Verifies(inut, 'infInut', certificate)).toBe(true);
    const lot = buildEnvEvento({
      idLote: '20',
      eventos: Array.from({ length: 20 }, (_, i) => cartaCorrecao(i + 1, CORRECOES[i % 4] ?? '')),
    });
    for (let index = 0; index < 20; index++)
      expect([index, xmlsec1Verifies(lot, 'infEvento', certificate, index)]).toEqual([index, true]);
    // A changed byte of the twelfth event breaks its signature and no other.
    const tampered = lot.replace('<nSeqEvento>12<', '<nSeqEvento>13<');
    expect(xmlsec1Verifies(tampered, 'infEvento', certificate, 11)).toBe(false);
    expect(xmlsec1Verifies(tampered, 'infEvento', certificate, 10)).toBe(true);
  });
});

describe.skipIf(!schemasPresent)('SOAP bodies of NFeRecepcaoEvento4 and NFeInutilizacao4', () => {
  it('carry the message byte for byte, which a server reads back valid and verifying', () => {
    const lot = buildEnvEvento({ idLote: '42', eventos: [cancelamentos[2] ?? ''] });
    const inut = inutilizacoes[0] ?? '';
    for (const [service, message, schema, idElement] of [
      ['NFeRecepcaoEvento4', lot, [...CANCEL, 'envEventoCancNFe_v1.00.xsd'], 'infEvento'],
      ['NFeInutilizacao4', inut, ['PL_009_V4', 'inutNFe_v4.00.xsd'], 'infInut'],
    ] as const) {
      const envelope = soapRequestEnvelope(service, message);
      expect(envelope).toContain(
        `<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${service}">${message}</nfeDadosMsg>`,
      );
      const request = readSoapRequest(envelope);
      expect(request).toMatchObject({ soapVersion: '1.2', service, message });
      expect(xmllintErrorsEach([request.message], ...schema)).toEqual([[]]);
      expect(verifyElement(request.message, idElement)).toMatchObject({ valid: true });
      if (xmlsec1Available)
        expect(xmlsec1Verifies(request.message, idElement, certificate)).toBe(true);
    }
    expect(soapRequestContentType('NFeRecepcaoEvento4')).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4/nfeRecepcaoEvento"',
    );
    expect(soapRequestContentType('NFeInutilizacao4')).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeInutilizacao4/nfeInutilizacaoNF"',
    );
  });
});

const sample = (...path: string[]) =>
  readFileSync(sharedPath('nfe-samples', 'sefaz', ...path), 'utf8');

function firstRetEvento(body: string): string {
  const answer = parseSefazAnswer(body, 'NFeRecepcaoEvento4');
  if (answer.kind !== 'retEnvEvento' || !answer.retEvento[0]) throw new Error('no retEvento');
  return answer.retEvento[0].xml;
}

describe.skipIf(!schemasPresent)('proc documents assembled from real SEFAZ answers', () => {
  /** Our event for the chave of a real answer, signed with the test certificate. */
  const realCancel = signEvento(
    buildCancelamentoEvento({
      ambiente: 'homologacao',
      autor: { cnpj: '00822602000124' },
      chave: '35150300822602000124550010009923461099234656',
      dhEvento: '2017-05-05T16:52:40-03:00',
      nProt: '135150000000001',
      justificativa: JUSTIFICATIVAS[1],
    }),
    emitterCredentials,
  );
  const realCce = (chave: string, ambiente: 'homologacao' | 'producao', correcao: string) =>
    signEvento(
      buildCartaCorrecaoEvento({
        ambiente,
        autor: { cnpj: chave.slice(6, 20) },
        chave,
        dhEvento: '2017-05-17T11:45:00-03:00',
        nSeqEvento: 1,
        correcao,
      }),
      emitterCredentials,
    );

  it('procEventoNFe of a cancelamento with SEFAZ-SP 155 (fora de prazo), under the cancel and generic packs', () => {
    const proc = buildProcEventoNFe(
      realCancel,
      firstRetEvento(sample('sped-nfe-docs', 'sp_hom_2017_retEnvEvento_cancel_155.soap12.xml')),
    );
    expect(xmllintErrorsEach([proc], ...CANCEL, 'procEventoCancNFe_v1.00.xsd')).toEqual([[]]);
    expect(xmllintErrorsEach([proc], ...GENERIC, 'procEventoNFe_v1.00.xsd')).toEqual([[]]);
    expect(verifyElement(proc, 'infEvento')).toMatchObject({ valid: true });
    if (xmlsec1Available) expect(xmlsec1Verifies(proc, 'infEvento', certificate)).toBe(true);
  });

  it('procEventoNFe of CC-e with SEFAZ-SP 135 and with the SEFAZ-PR stored event, under the CC-e pack', () => {
    const sp = buildProcEventoNFe(
      realCce('35170449607777000156550010000022511003873504', 'homologacao', CORRECOES[2]),
      firstRetEvento(sample('sped-nfe-docs', 'sp_hom_2017_retEnvEvento_cce_135.soap12.xml')),
    );
    const stored = parseProcEventoNFeDocument(
      sample('unimake', '41170801761135000132550010000189121110755809-ev-110110-001.xml'),
    );
    if (!stored.retEvento) throw new Error('the stored event has no retEvento');
    const pr = buildProcEventoNFe(
      realCce('41170801761135000132550010000189121110755809', 'producao', CORRECOES[1]),
      stored.retEvento.xml,
    );
    expect(xmllintErrorsEach([sp, pr], ...CCE, 'procCCeNFe_v1.00.xsd')).toEqual([[], []]);
    for (const proc of [sp, pr]) {
      expect(verifyElement(proc, 'infEvento')).toMatchObject({ valid: true });
      if (xmlsec1Available) expect(xmlsec1Verifies(proc, 'infEvento', certificate)).toBe(true);
    }
  });

  it.each(CORE)('ProcInutNFe with the SEFAZ-GO 102 answer under %s', (pack) => {
    const inut = signInutNFe(
      buildInutNFe({
        ambiente: 'homologacao',
        cUF: '52',
        ano: '25',
        cnpj: '00000000000000',
        serie: 3,
        numeroInicial: 53,
        numeroFinal: 53,
        justificativa: JUSTIFICATIVAS[2],
      }),
      emitterCredentials,
    );
    const answer = parseSefazAnswer(
      sample('sped-nfe', 'response_inut_cnpj.xml'),
      'NFeInutilizacao4',
    );
    if (answer.kind !== 'retInutNFe') throw new Error('retInutNFe expected');
    const proc = buildProcInutNFe(inut, answer.xml);
    expect(xmllintErrorsEach([proc], pack, 'procInutNFe_v4.00.xsd')).toEqual([[]]);
    expect(verifyElement(proc, 'infInut')).toMatchObject({ valid: true });
    if (xmlsec1Available) expect(xmlsec1Verifies(proc, 'infInut', certificate)).toBe(true);
  });
});
