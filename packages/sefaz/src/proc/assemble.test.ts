import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { verifyElement, verifyNfe } from '@emissor/signer';
import { sharedDir, sharedPath } from '@emissor/test-support';

import { emitterCredentials, EMITTER_CNPJ, signedNfe } from '../../test/fixtures.js';
import { xmllintAvailable, xmllintErrors } from '../../test/tools.js';
import { parseSefazAnswer } from '../answers/parse.js';
import {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  signEvento,
} from '../messages/evento.js';
import { buildInutNFe, signInutNFe } from '../messages/inut-nfe.js';
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
