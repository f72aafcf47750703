import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { signElement, verifyElement, verifyNfe } from '@emissor/signer';
import { sharedDir, sharedPath } from '@emissor/test-support';

import { emitterCredentials, EMITTER_CNPJ, emitterPfx, signedNfe } from '../../test/fixtures.js';
import {
  xmllintAvailable,
  xmllintErrors,
  xmlsec1Available,
  xmlsec1Verifies,
} from '../../test/tools.js';
import { parseSefazAnswer } from '../answers/parse.js';
import {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  signEvento,
} from '../messages/evento.js';
import { buildInutNFe, signInutNFe } from '../messages/inut-nfe.js';
import { buildProtNFe } from '../server/answers.js';
import { soapResponseEnvelope } from '../soap/envelope.js';
import {
  buildNfeProc,
  buildProcEventoNFe,
  buildProcInutNFe,
  ProcAssemblyError,
} from './assemble.js';

const NS = 'http://www.portalfiscal.inf.br/nfe';
const nfe = signedNfe(3);
const digest = verifyNfe(nfe.xml);
if (!digest.valid) throw new Error('fixture NF-e does not verify');

/** A synchronous authorisation answer for the fixture NF-e, as an authoriser sends it. */
const retEnviNFe = soapResponseEnvelope(
  'NFeAutorizacao4',
  `<retEnviNFe xmlns="${NS}" versao="4.00"><tpAmb>2</tpAmb><verAplic>SIM-1.0</verAplic><cStat>104</cStat>` +
    `<xMotivo>Lote processado</xMotivo><cUF>35</cUF><dhRecbto>2026-11-21T19:31:00-03:00</dhRecbto>` +
    `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SIM-1.0</verAplic><chNFe>${nfe.chave}</chNFe>` +
    `<dhRecbto>2026-11-21T19:31:00-03:00</dhRecbto><nProt>135260000000123</nProt><digVal>${digest.digestValue}</digVal>` +
    `<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></retEnviNFe>`,
);

const retEvento = (tpEvento: string, nSeqEvento: number, xEvento: string): string =>
  soapResponseEnvelope(
    'NFeRecepcaoEvento4',
    `<retEnvEvento xmlns="${NS}" versao="1.00"><idLote>1</idLote><tpAmb>2</tpAmb><verAplic>SIM-1.0</verAplic>` +
      `<cOrgao>35</cOrgao><cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo><retEvento versao="1.00">` +
      `<infEvento><tpAmb>2</tpAmb><verAplic>SIM-1.0</verAplic><cOrgao>35</cOrgao><cStat>135</cStat>` +
      `<xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${nfe.chave}</chNFe><tpEvento>${tpEvento}</tpEvento>` +
      `<xEvento>${xEvento}</xEvento><nSeqEvento>${nSeqEvento}</nSeqEvento><dhRegEvento>2026-11-21T20:00:05-03:00</dhRegEvento>` +
      `<nProt>135260000000124</nProt></infEvento></retEvento></retEnvEvento>`,
  );

function retEventoXml(body: string): string {
  const answer = parseSefazAnswer(body);
  if (answer.kind !== 'retEnvEvento' || !answer.retEvento[0])
    throw new Error('retEnvEvento expected');
  return answer.retEvento[0].xml;
}

const common = {
  ambiente: 'homologacao' as const,
  autor: { cnpj: EMITTER_CNPJ },
  chave: nfe.chave,
  dhEvento: '2026-11-21T20:00:00-03:00',
};

describe.skipIf(!sharedDir() || !xmllintAvailable)(
  'assembled documents validate against their official schemas',
  () => {
    it('nfeProc under procNFe_v4.00.xsd, with the NF-e signature intact', () => {
      const answer = parseSefazAnswer(retEnviNFe);
      if (answer.kind !== 'retEnviNFe' || !answer.protNFe) throw new Error('protNFe expected');
      const proc = buildNfeProc(nfe.xml, answer.protNFe.xml);
      expect(xmllintErrors(proc, 'PL_009_V4', 'procNFe_v4.00.xsd')).toEqual([]);
      expect(xmllintErrors(proc, 'PL_010b_NT2025_002_v1.30', 'procNFe_v4.00.xsd')).toEqual([]);
      expect(verifyNfe(proc)).toMatchObject({ valid: true, digestValue: digest.digestValue });
    });

    it('nfeProc from an authoriser that prefixes its answer: the protNFe keeps its prefix, declared, and still validates', () => {
      const f = (name: string, value: string): string => `<ns2:${name}>${value}</ns2:${name}>`;
      const prefixed = soapResponseEnvelope(
        'NFeAutorizacao4',
        `<ns2:retEnviNFe xmlns:ns2="${NS}" versao="4.00">${f('tpAmb', '2')}${f('verAplic', 'X')}` +
          `${f('cStat', '104')}${f('xMotivo', 'Lote processado')}${f('cUF', '35')}` +
          `${f('dhRecbto', '2026-11-21T19:31:00-03:00')}<ns2:protNFe versao="4.00"><ns2:infProt>` +
          `${f('tpAmb', '2')}${f('verAplic', 'X')}${f('chNFe', nfe.chave)}` +
          `${f('dhRecbto', '2026-11-21T19:31:00-03:00')}${f('nProt', '135260000000123')}` +
          `${f('digVal', digest.digestValue)}${f('cStat', '100')}` +
          `${f('xMotivo', 'Autorizado o uso da NF-e')}</ns2:infProt></ns2:protNFe></ns2:retEnviNFe>`,
      );
      expect(prefixed).toContain('<ns2:protNFe versao="4.00"><ns2:infProt>');
      const answer = parseSefazAnswer(prefixed);
      if (answer.kind !== 'retEnviNFe' || !answer.protNFe) throw new Error('protNFe expected');
      expect(answer.protNFe.xml).toMatch(
        /^<ns2:protNFe versao="4.00" xmlns:ns2="http:\/\/www.portalfiscal.inf.br\/nfe"><ns2:infProt>/,
      );
      const proc = buildNfeProc(nfe.xml, answer.protNFe.xml);
      expect(xmllintErrors(proc, 'PL_009_V4', 'procNFe_v4.00.xsd')).toEqual([]);
      expect(verifyNfe(proc)).toMatchObject({ valid: true, digestValue: digest.digestValue });
    });

    it('a protNFe whose infProt the authoriser signed keeps that signature: cut out of a pretty-printed SOAP answer, and in the nfeProc', () => {
      // Signed the way an authoriser would, on the protNFe as a document of its own; then sent
      // inside a message that declares the namespace once, so the protNFe inherits it.
      const signedProt = signElement(
        buildProtNFe({
          Id: 'ID135260000000123',
          tpAmb: '2',
          verAplic: 'SIM-1.0',
          chNFe: nfe.chave,
          dhRecbto: '2026-11-21T19:31:00-03:00',
          nProt: '135260000000123',
          digVal: digest.digestValue,
          cStat: '100',
          xMotivo: 'Autorizado o uso da NF-e',
        }),
        'infProt',
        emitterCredentials,
      );
      const inherited = signedProt.replace(` xmlns="${NS}"`, '');
      const body = soapResponseEnvelope(
        'NFeRetAutorizacao4',
        `<retConsReciNFe xmlns="${NS}" versao="4.00">\n\t<tpAmb>2</tpAmb>\n\t<verAplic>SIM-1.0</verAplic>` +
          `\n\t<nRec>351000000000001</nRec>\n\t<cStat>104</cStat>\n\t<xMotivo>Lote processado</xMotivo>` +
          `\n\t<cUF>35</cUF>\n\t<dhRecbto>2026-11-21T19:31:00-03:00</dhRecbto>\n\t${inherited}\n</retConsReciNFe>`,
      );
      const answer = parseSefazAnswer(body, 'NFeRetAutorizacao4');
      if (answer.kind !== 'retConsReciNFe' || !answer.protNFe[0])
        throw new Error('protNFe expected');
      const prot = answer.protNFe[0].xml;
      expect(prot).toBe(
        inherited.replace('<protNFe versao="4.00">', `<protNFe versao="4.00" xmlns="${NS}">`),
      );
      expect(verifyElement(prot, 'infProt')).toMatchObject({ valid: true });
      if (xmlsec1Available)
        expect(xmlsec1Verifies(prot, 'infProt', emitterPfx.certificatePem)).toBe(true);
      const proc = buildNfeProc(nfe.xml, prot);
      expect(xmllintErrors(proc, 'PL_009_V4', 'procNFe_v4.00.xsd')).toEqual([]);
      expect(verifyElement(proc, 'infProt')).toMatchObject({ valid: true });
      expect(verifyNfe(proc)).toMatchObject({ valid: true, digestValue: digest.digestValue });
      if (xmlsec1Available) {
        expect(xmlsec1Verifies(proc, 'infProt', emitterPfx.certificatePem, 1)).toBe(true);
        expect(xmlsec1Verifies(proc, 'infNFe', emitterPfx.certificatePem, 0)).toBe(true);
      }
    });

    it('procEventoNFe of a cancellation and of a CC-e under their packs', () => {
      const cancel = signEvento(
        buildCancelamentoEvento({
          ...common,
          nProt: '135260000000123',
          justificativa: 'Pedido cancelado pelo cliente',
        }),
        emitterCredentials,
      );
      const cancelProc = buildProcEventoNFe(
        cancel,
        retEventoXml(retEvento('110111', 1, 'Cancelamento registrado')),
      );
      expect(
        xmllintErrors(
          cancelProc,
          'eventos',
          'evento_cancelamento_110111',
          'procEventoCancNFe_v1.00.xsd',
        ),
      ).toEqual([]);
      expect(verifyElement(cancelProc, 'infEvento')).toMatchObject({ valid: true });

      const cce = signEvento(
        buildCartaCorrecaoEvento({
          ...common,
          nSeqEvento: 2,
          correcao: 'Transportadora correta: ACME',
        }),
        emitterCredentials,
      );
      const cceProc = buildProcEventoNFe(
        cce,
        retEventoXml(retEvento('110110', 2, 'Carta de Correcao registrada')),
      );
      expect(
        xmllintErrors(cceProc, 'eventos', 'evento_cce_110110', 'procCCeNFe_v1.00.xsd'),
      ).toEqual([]);
    });

    it('ProcInutNFe under procInutNFe_v4.00.xsd with the real GO answer', () => {
      const inut = signInutNFe(
        buildInutNFe({
          ambiente: 'homologacao',
          cUF: '52',
          ano: '25',
          cnpj: '00000000000000',
          serie: 3,
          numeroInicial: 53,
          numeroFinal: 53,
          justificativa: 'Numeracao pulada por falha do sistema',
        }),
        emitterCredentials,
      );
      const answer = parseSefazAnswer(
        readFileSync(
          sharedPath('nfe-samples', 'sefaz', 'sped-nfe', 'response_inut_cnpj.xml'),
          'utf8',
        ),
      );
      if (answer.kind !== 'retInutNFe') throw new Error('retInutNFe expected');
      const proc = buildProcInutNFe(inut, answer.xml);
      expect(proc).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?><ProcInutNFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="4.00"><inutNFe /,
      );
      expect(xmllintErrors(proc, 'PL_009_V4', 'procInutNFe_v4.00.xsd')).toEqual([]);
      expect(verifyElement(proc, 'infInut')).toMatchObject({ valid: true });
    });
  },
);

describe('assembly refuses parts that do not belong together', () => {
  it('a protNFe of another chave, a retEvento of another event, a retInutNFe of another range', () => {
    const answer = parseSefazAnswer(retEnviNFe);
    if (answer.kind !== 'retEnviNFe' || !answer.protNFe) throw new Error('protNFe expected');
    expect(() => buildNfeProc(signedNfe(4).xml, answer.protNFe?.xml ?? '')).toThrow(
      ProcAssemblyError,
    );
    expect(() => buildNfeProc(answer.protNFe?.xml ?? '', nfe.xml)).toThrow(ProcAssemblyError);
    const cce = signEvento(
      buildCartaCorrecaoEvento({
        ...common,
        nSeqEvento: 1,
        correcao: 'Transportadora correta: ACME',
      }),
      emitterCredentials,
    );
    expect(() =>
      buildProcEventoNFe(cce, retEventoXml(retEvento('110111', 1, 'Cancelamento'))),
    ).toThrow(ProcAssemblyError);
    const inut = signInutNFe(
      buildInutNFe({
        ambiente: 'homologacao',
        cUF: '52',
        ano: '25',
        cnpj: '00000000000000',
        serie: 3,
        numeroInicial: 50,
        numeroFinal: 53,
        justificativa: 'Numeracao pulada por falha',
      }),
      emitterCredentials,
    );
    const ret = `<retInutNFe xmlns="${NS}" versao="4.00"><infInut><tpAmb>2</tpAmb><verAplic>X</verAplic><cStat>102</cStat><xMotivo>ok</xMotivo><cUF>52</cUF><serie>3</serie><nNFIni>53</nNFIni><nNFFin>53</nNFFin><dhRecbto>2025-02-10T14:31:01-03:00</dhRecbto></infInut></retInutNFe>`;
    expect(() => buildProcInutNFe(inut, ret)).toThrow(ProcAssemblyError);
  });
});
