import { describe, expect, it } from 'vitest';

import { sharedDir } from '@emissor/test-support';

import { xmllintAvailable, xmllintErrors } from '../../test/tools.js';
import { parseSefazAnswer } from '../answers/parse.js';
import { classifyAutorizacao, classifyStatus } from './answers.js';
import { cStatMeaning } from './cstat.js';

/*
 * The status service of an SVC (NT 2013.007 §04.7, sefaz.md §7): 107 when the origin SEFAZ has
 * switched it on for the UF, 113 when it is being switched off (HH:MM), 114 when it is off. The
 * answers below are shaped like SVC-AN's (SOAP 1.2, `nfeResultMsg`), with the optional fields.
 */

const NFE = 'http://www.portalfiscal.inf.br/nfe';

function retConsStatServ(cStat: string, xMotivo: string, extra = ''): string {
  return (
    `<retConsStatServ xmlns="${NFE}" versao="4.00"><tpAmb>1</tpAmb><verAplic>SVC-AN_4.00</verAplic>` +
    `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><cUF>35</cUF>` +
    `<dhRecbto>2026-11-21T19:31:02-03:00</dhRecbto>${extra}</retConsStatServ>`
  );
}

function soap12(message: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>' +
    `<nfeResultMsg xmlns="${NFE}/wsdl/NFeStatusServico4">${message}</nfeResultMsg>` +
    '</soap:Body></soap:Envelope>'
  );
}

const BEING_SWITCHED_OFF = retConsStatServ(
  '113',
  'SVC-AN sera desabilitada para a UF informada as 20:00',
  '<tMed>1</tMed><dhRetorno>2026-11-21T20:00:00-03:00</dhRetorno>' +
    '<xObs>Retorno ao ambiente normal da SEFAZ-SP</xObs>',
);
const OFF = retConsStatServ('114', 'SVC-AN desabilitada pela SEFAZ de Origem');
const ON = retConsStatServ('107', 'Servico em Operacao', '<tMed>1</tMed>');

describe('NFeStatusServico4 at an SVC', () => {
  it.skipIf(!sharedDir() || !xmllintAvailable)(
    'the answers are valid retConsStatServ 4.00 (so the test reads what an SVC may send)',
    () => {
      for (const answer of [BEING_SWITCHED_OFF, OFF, ON])
        expect(xmllintErrors(answer, 'PL_009_V4', 'retConsStatServ_v4.00.xsd')).toEqual([]);
    },
  );

  it('113 parses with its time of return and classifies as svc_inativa', () => {
    const answer = parseSefazAnswer(soap12(BEING_SWITCHED_OFF));
    expect(answer).toEqual({
      kind: 'retConsStatServ',
      versao: '4.00',
      tpAmb: '1',
      verAplic: 'SVC-AN_4.00',
      cStat: '113',
      xMotivo: 'SVC-AN sera desabilitada para a UF informada as 20:00',
      cUF: '35',
      dhRecbto: '2026-11-21T19:31:02-03:00',
      tMed: 1,
      dhRetorno: '2026-11-21T20:00:00-03:00',
      xObs: 'Retorno ao ambiente normal da SEFAZ-SP',
    });
    if (answer.kind !== 'retConsStatServ') throw new Error('kind');
    expect(classifyStatus(answer)).toEqual({
      kind: 'final',
      result: 'svc_inativa',
      cStat: '113',
      xMotivo: 'SVC-AN sera desabilitada para a UF informada as 20:00',
    });
  });

  it('114 parses and classifies as svc_inativa', () => {
    const answer = parseSefazAnswer(soap12(OFF));
    if (answer.kind !== 'retConsStatServ') throw new Error('kind');
    expect(answer).toMatchObject({ cStat: '114', tMed: undefined, dhRetorno: undefined });
    expect(classifyStatus(answer)).toEqual({
      kind: 'final',
      result: 'svc_inativa',
      cStat: '114',
      xMotivo: 'SVC-AN desabilitada pela SEFAZ de Origem',
    });
  });

  it('107 still means the SVC is on', () => {
    const answer = parseSefazAnswer(soap12(ON));
    if (answer.kind !== 'retConsStatServ') throw new Error('kind');
    expect(classifyStatus(answer)).toMatchObject({ kind: 'final', result: 'em_operacao' });
  });

  it('outside the status service 113/114 keep their meaning: an NF-e sent to an SVC that is off is rejected', () => {
    for (const context of ['lote', 'protocolo', 'consulta'] as const)
      for (const cStat of ['113', '114'])
        expect(cStatMeaning(context, cStat)).toEqual({ kind: 'final', result: 'rejeitada' });
    const lot = parseSefazAnswer(
      soap12(
        `<retEnviNFe xmlns="${NFE}" versao="4.00"><tpAmb>1</tpAmb><verAplic>SVC-AN_4.00</verAplic>` +
          '<cStat>114</cStat><xMotivo>Rejeicao: SVC-AN nao ativada para a SEFAZ do Emitente</xMotivo>' +
          '<cUF>35</cUF><dhRecbto>2026-11-21T19:31:02-03:00</dhRecbto></retEnviNFe>',
      ).replace('NFeStatusServico4', 'NFeAutorizacao4'),
    );
    if (lot.kind !== 'retEnviNFe') throw new Error('kind');
    const chave = '35261158716523000119550010000000266407182930';
    expect(classifyAutorizacao(lot, [chave])).toEqual([
      {
        chave,
        classification: {
          kind: 'final',
          result: 'rejeitada',
          cStat: '114',
          xMotivo: 'Rejeicao: SVC-AN nao ativada para a SEFAZ do Emitente',
        },
      },
    ]);
  });
});
