import { describe, expect, it } from 'vitest';

import { sharedDir } from '@emissor/test-support';

import { emitterCredentials, EMITTER_CNPJ, signedNfe } from '../../test/fixtures.js';
import { xmllintAvailable, xmllintErrorsEach } from '../../test/tools.js';
import { parseRetConsSitNFeAnswer, parseSefazAnswer } from '../answers/parse.js';
import {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  signEvento,
} from '../messages/evento.js';
import { buildProcEventoNFe } from '../proc/assemble.js';
import {
  buildProtNFe,
  buildRetConsSitNFe,
  buildRetEnvEvento,
  buildRetEvento,
  buildRetInutNFe,
} from '../server/answers.js';
import { soapResponseEnvelope } from '../soap/envelope.js';
import { classifyEventos, classifyInutilizacao } from './answers.js';
import { inutilizacaoConflict, isDuplicateEvento } from './duplicates.js';
import { registeredEvento } from './registered-event.js';

/*
 * The answers to events and inutilizações an issuer meets (sefaz.md §4, §5, §10), written as an
 * authoriser writes them: each validates under its pack, parses, and is classified as the
 * transmission must act on it.
 */

const schemasPresent = sharedDir() !== undefined && xmllintAvailable;
const nfe = signedNfe(21);
const status = { tpAmb: '2', verAplic: 'SVRS202611261200' };
const dhRegEvento = '2026-11-21T20:00:05-03:00';

const retEvento = (cStat: string, xMotivo: string, tpEvento: string, registered: boolean) =>
  buildRetEvento({
    ...status,
    cOrgao: '35',
    cStat,
    xMotivo,
    chNFe: nfe.chave,
    tpEvento,
    nSeqEvento: '1',
    dhRegEvento,
    ...(registered ? { xEvento: 'Cancelamento registrado', nProt: '135260000000777' } : {}),
  });

const lot = (events: readonly string[], cStat = '128', xMotivo = 'Lote de Evento Processado') =>
  soapResponseEnvelope(
    'NFeRecepcaoEvento4',
    buildRetEnvEvento({ ...status, idLote: '1', cOrgao: '35', cStat, xMotivo, retEvento: events }),
  );

/** cStat, xMotivo, what a cancellation answer means: registered, unknown (consult) or refused. */
const EVENT_ANSWERS: ReadonlyArray<readonly [string, string, string]> = [
  ['135', 'Evento registrado e vinculado a NF-e', 'final:registrado'],
  ['136', 'Evento registrado, mas não vinculado a NF-e', 'final:registrado'],
  ['155', 'Cancelamento homologado fora de prazo', 'final:registrado'],
  ['573', 'Rejeição: Duplicidade de Evento', 'unknown'],
  ['580', 'Rejeição: Evento exige uma NF-e autorizada', 'final:rejeitada'],
  ['501', 'Rejeição: Prazo de cancelamento superior ao previsto na Legislação', 'final:rejeitada'],
  [
    '594',
    'Rejeição: O número de sequência do evento informado é maior que o permitido',
    'final:rejeitada',
  ],
  ['222', 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado', 'final:rejeitada'],
  ['218', 'Rejeição: NF-e já está cancelada na base de dados da SEFAZ', 'final:rejeitada'],
  ['656', 'Rejeição: Consumo indevido pelo aplicativo da empresa', 'throttled'],
  ['108', 'Serviço Paralisado Momentaneamente (curto prazo)', 'retryable'],
  ['999', 'Rejeição: Erro não catalogado', 'unknown'],
];

const label = (c: { kind: string; result?: string }) =>
  c.kind === 'final' ? `final:${c.result}` : c.kind;

describe('retEnvEvento', () => {
  const ref = { chave: nfe.chave, tpEvento: '110111', nSeqEvento: 1 };

  it.each(EVENT_ANSWERS)('%s %s → %s', (cStat, xMotivo, expected) => {
    const registered = expected === 'final:registrado';
    const body = lot([retEvento(cStat, xMotivo, '110111', registered)]);
    if (schemasPresent) {
      const message = /<retEnvEvento[\s\S]*<\/retEnvEvento>/.exec(body)?.[0] ?? '';
      expect(
        xmllintErrorsEach(
          [message],
          'eventos',
          'evento_cancelamento_110111',
          'retEnvEventoCancNFe_v1.00.xsd',
        ),
      ).toEqual([[]]);
    }
    const answer = parseSefazAnswer(body, 'NFeRecepcaoEvento4');
    if (answer.kind !== 'retEnvEvento') throw new Error(answer.kind);
    expect(answer.retEvento[0]).toMatchObject({ cStat, xMotivo, chNFe: nfe.chave });
    if (registered) expect(answer.retEvento[0]?.nProt).toBe('135260000000777');
    const [outcome] = classifyEventos(answer, [ref]);
    expect(label(outcome?.classification ?? { kind: 'none' })).toBe(expected);
    expect(isDuplicateEvento(cStat)).toBe(cStat === '573');
  });

  it('a lot refused as a whole (215, 656) says so for every event; 128 without our event is unknown', () => {
    const refused = parseSefazAnswer(lot([], '215', 'Rejeição: Falha no schema XML'));
    const throttled = parseSefazAnswer(lot([], '656', 'Rejeição: Consumo indevido'));
    const empty = parseSefazAnswer(lot([]));
    if (refused.kind !== 'retEnvEvento' || throttled.kind !== 'retEnvEvento') throw new Error();
    if (empty.kind !== 'retEnvEvento') throw new Error();
    expect(classifyEventos(refused, [ref])[0]?.classification).toMatchObject({
      kind: 'final',
      result: 'rejeitada',
      cStat: '215',
    });
    expect(classifyEventos(throttled, [ref])[0]?.classification.kind).toBe('throttled');
    expect(classifyEventos(empty, [ref])[0]?.classification.kind).toBe('unknown');
  });

  it('a CC-e lot of two is matched event by event, whatever the order of the answers', () => {
    const cce = (seq: number, cStat: string) =>
      buildRetEvento({
        ...status,
        cOrgao: '35',
        cStat,
        xMotivo:
          cStat === '135'
            ? 'Evento registrado e vinculado a NF-e'
            : 'Rejeição: Duplicidade de Evento',
        chNFe: nfe.chave,
        tpEvento: '110110',
        nSeqEvento: String(seq),
        dhRegEvento,
        ...(cStat === '135' ? { nProt: `13526000000000${seq}` } : {}),
      });
    const body = lot([cce(2, '573'), cce(1, '135')]);
    if (schemasPresent) {
      const message = /<retEnvEvento[\s\S]*<\/retEnvEvento>/.exec(body)?.[0] ?? '';
      expect(
        xmllintErrorsEach([message], 'eventos', 'evento_cce_110110', 'retEnvCCe_v1.00.xsd'),
      ).toEqual([[]]);
    }
    const answer = parseSefazAnswer(body);
    if (answer.kind !== 'retEnvEvento') throw new Error();
    const outcomes = classifyEventos(answer, [
      { chave: nfe.chave, tpEvento: '110110', nSeqEvento: 1 },
      { chave: nfe.chave, tpEvento: '110110', nSeqEvento: 2 },
    ]);
    expect(outcomes.map((o) => label(o.classification))).toEqual(['final:registrado', 'unknown']);
    expect(outcomes[0]?.retEvento?.nProt).toBe('135260000000001');
  });
});

describe('retInutNFe', () => {
  const range = {
    cUF: '35',
    ano: '26',
    CNPJ: EMITTER_CNPJ,
    mod: '55',
    serie: '1',
    nNFIni: '5',
    nNFFin: '7',
  };
  const INUT_ANSWERS: ReadonlyArray<readonly [string, string, string, string | undefined]> = [
    ['102', 'Inutilização de número homologado', 'final:homologada', undefined],
    [
      '563',
      'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização',
      'final:rejeitada',
      'same_range',
    ],
    [
      '256',
      'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ',
      'final:rejeitada',
      'overlapping',
    ],
    ['241', 'Rejeição: Um número da faixa já foi utilizado', 'final:rejeitada', 'number_used'],
    ['224', 'Rejeição: A faixa inicial é maior que a faixa final', 'final:rejeitada', undefined],
    ['109', 'Serviço Paralisado sem Previsão', 'retryable', undefined],
    ['656', 'Rejeição: Consumo indevido', 'throttled', undefined],
  ];

  it.each(INUT_ANSWERS)('%s %s → %s (%s)', (cStat, xMotivo, expected, conflict) => {
    const message = buildRetInutNFe({
      ...status,
      ...range,
      cStat,
      xMotivo,
      dhRecbto: dhRegEvento,
      ...(cStat === '102' ? { nProt: '135260000000901' } : {}),
    });
    if (schemasPresent)
      for (const pack of ['PL_009_V4', 'PL_010b_NT2025_002_v1.30'])
        expect(xmllintErrorsEach([message], pack, 'retInutNFe_v4.00.xsd')).toEqual([[]]);
    const answer = parseSefazAnswer(soapResponseEnvelope('NFeInutilizacao4', message));
    if (answer.kind !== 'retInutNFe') throw new Error(answer.kind);
    expect(answer).toMatchObject({ cStat, serie: '1', nNFIni: '5', nNFFin: '7' });
    expect(label(classifyInutilizacao(answer))).toBe(expected);
    expect(inutilizacaoConflict(cStat)).toBe(conflict);
  });
});

describe('registeredEvento: a 573 or a lost answer settled by consultation', () => {
  it('finds the registered event of a chave, tpEvento and nSeqEvento in retConsSitNFe', () => {
    const common = {
      ambiente: 'homologacao' as const,
      autor: { cnpj: EMITTER_CNPJ },
      chave: nfe.chave,
      dhEvento: '2026-11-21T20:00:00-03:00',
    };
    const cancel = signEvento(
      buildCancelamentoEvento({
        ...common,
        nProt: '135260000000123',
        justificativa: 'Pedido cancelado',
      }),
      emitterCredentials,
    );
    const cce = signEvento(
      buildCartaCorrecaoEvento({ ...common, nSeqEvento: 1, correcao: 'Transportadora correta' }),
      emitterCredentials,
    );
    const procOf = (evento: string, tpEvento: string) =>
      buildProcEventoNFe(
        evento,
        buildRetEvento({
          ...status,
          cOrgao: '35',
          cStat: '135',
          xMotivo: 'Evento registrado e vinculado a NF-e',
          chNFe: nfe.chave,
          tpEvento,
          nSeqEvento: '1',
          dhRegEvento,
          nProt: tpEvento === '110111' ? '135260000000200' : '135260000000201',
        }),
      );
    const message = buildRetConsSitNFe({
      ...status,
      cStat: '101',
      xMotivo: 'Cancelamento de NF-e homologado',
      cUF: '35',
      dhRecbto: dhRegEvento,
      chNFe: nfe.chave,
      protNFe: buildProtNFe({
        ...status,
        cStat: '100',
        xMotivo: 'Autorizado o uso da NF-e',
        chNFe: nfe.chave,
        dhRecbto: dhRegEvento,
        nProt: '135260000000123',
      }),
      procEventoNFe: [procOf(cce, '110110'), procOf(cancel, '110111')],
    });
    if (schemasPresent)
      expect(xmllintErrorsEach([message], 'PL_009_V4', 'retConsSitNFe_v4.00.xsd')).toEqual([[]]);
    const answer = parseRetConsSitNFeAnswer(soapResponseEnvelope('NFeConsultaProtocolo4', message));
    const found = registeredEvento(answer, { chave: nfe.chave, tpEvento: '110111', nSeqEvento: 1 });
    expect(found?.retEvento?.nProt).toBe('135260000000200');
    expect(found?.xml).toContain('<xJust>Pedido cancelado</xJust>');
    expect(
      registeredEvento(answer, { chave: nfe.chave, tpEvento: '110110', nSeqEvento: 1 })?.retEvento
        ?.nProt,
    ).toBe('135260000000201');
    expect(
      registeredEvento(answer, { chave: nfe.chave, tpEvento: '110110', nSeqEvento: 2 }),
    ).toBeUndefined();
  });
});
