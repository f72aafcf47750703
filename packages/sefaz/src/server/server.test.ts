import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { verifyElement, verifyNfe } from '@emissor/signer';
import { sharedDir, sharedPath } from '@emissor/test-support';

import { emitterCredentials, EMITTER_CNPJ, signedNfe } from '../../test/fixtures.js';
import { xmllintAvailable, xmllintErrors } from '../../test/tools.js';
import { parseSefazAnswer } from '../answers/parse.js';
import { classifyAutorizacao, classifyConsulta, classifyEventos } from '../classify/answers.js';
import { buildEnviNFe } from '../messages/envi-nfe.js';
import {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  buildEnvEvento,
  signEvento,
} from '../messages/evento.js';
import { buildInutNFe, signInutNFe } from '../messages/inut-nfe.js';
import { buildConsReciNFe, buildConsSitNFe, buildConsStatServ } from '../messages/queries.js';
import { buildNfeProc, buildProcEventoNFe } from '../proc/assemble.js';
import { soapRequestEnvelope } from '../soap/envelope.js';
import { readSoapRequest } from '../soap/request.js';
import {
  buildProtNFe,
  buildRetConsReciNFe,
  buildRetConsSitNFe,
  buildRetConsStatServ,
  buildRetEnviNFe,
  buildRetEnvEvento,
  buildRetEvento,
  buildRetInutNFe,
} from './answers.js';
import { documentsOfLot, readSefazRequest, SefazRequestError } from './read-request.js';

const nfeA = signedNfe(10);
const nfeB = signedNfe(11);
const base = { tpAmb: '2', verAplic: 'SIM-1.0', cUF: '35', dhRecbto: '2026-11-21T19:31:00-03:00' };
const cancel = signEvento(
  buildCancelamentoEvento({
    ambiente: 'homologacao',
    autor: { cnpj: EMITTER_CNPJ },
    chave: nfeA.chave,
    dhEvento: '2026-11-21T20:00:00-03:00',
    nProt: '135260000000010',
    justificativa: 'Pedido cancelado pelo cliente',
  }),
  emitterCredentials,
);
const cce = signEvento(
  buildCartaCorrecaoEvento({
    ambiente: 'homologacao',
    autor: { cnpj: EMITTER_CNPJ },
    chave: nfeA.chave,
    dhEvento: '2026-11-21T20:00:00-03:00',
    nSeqEvento: 1,
    correcao: 'Transportadora correta: ACME',
  }),
  emitterCredentials,
);

describe('readSefazRequest: a server reads what the client built', () => {
  it("an enviNFe lot, with each NF-e's exact bytes (their signatures still verify)", () => {
    const lot = buildEnviNFe({ idLote: '77', sincrono: false, nfes: [nfeA.xml, nfeB.xml] });
    const request = readSefazRequest(
      readSoapRequest(soapRequestEnvelope('NFeAutorizacao4', lot)).message,
    );
    if (request.kind !== 'enviNFe') throw new Error('kind');
    expect(request).toMatchObject({ idLote: '77', indSinc: '0', versao: '4.00' });
    expect(request.nfes.map((n) => n.chave)).toEqual([nfeA.chave, nfeB.chave]);
    expect(request.nfes[1]?.xml).toBe(nfeB.xml.replace(/^<\?xml[^>]*>/, ''));
    expect(verifyNfe(request.nfes[1]?.xml ?? '')).toMatchObject({ valid: true });
  });

  it('reads from the element the envelope reading built (no second parse), its offsets in the body', () => {
    const lot = buildEnviNFe({ idLote: '78', sincrono: false, nfes: [nfeA.xml, nfeB.xml] });
    const body = soapRequestEnvelope('NFeAutorizacao4', lot);
    const soap = readSoapRequest(body);
    const request = readSefazRequest(soap.message, soap.messageElement);
    const alone = readSefazRequest(soap.message);
    if (request.kind !== 'enviNFe' || alone.kind !== 'enviNFe') throw new Error('kind');
    expect(request.nfes.map((n) => [n.chave, n.xml])).toEqual(
      alone.nfes.map((n) => [n.chave, n.xml]),
    );
    const second = request.nfes[1]?.element;
    expect(second && body.slice(second.start, second.end)).toBe(request.nfes[1]?.xml);
  });

  it('queries, an event lot and an inutilização', () => {
    expect(
      readSefazRequest(buildConsReciNFe({ ambiente: 'homologacao', nRec: '351000000000001' })),
    ).toEqual({ kind: 'consReciNFe', versao: '4.00', tpAmb: '2', nRec: '351000000000001' });
    expect(readSefazRequest(buildConsSitNFe({ ambiente: 'producao', chave: nfeA.chave }))).toEqual({
      kind: 'consSitNFe',
      versao: '4.00',
      tpAmb: '1',
      xServ: 'CONSULTAR',
      chNFe: nfeA.chave,
    });
    expect(readSefazRequest(buildConsStatServ({ ambiente: 'homologacao', cUF: '43' }))).toEqual({
      kind: 'consStatServ',
      versao: '4.00',
      tpAmb: '2',
      cUF: '43',
      xServ: 'STATUS',
    });
    const events = readSefazRequest(buildEnvEvento({ idLote: '5', eventos: [cancel, cce] }));
    if (events.kind !== 'envEvento') throw new Error('kind');
    expect(events.eventos.map((e) => [e.tpEvento, e.nSeqEvento, e.CNPJ, e.chNFe])).toEqual([
      ['110111', '1', EMITTER_CNPJ, nfeA.chave],
      ['110110', '1', EMITTER_CNPJ, nfeA.chave],
    ]);
    expect(events.eventos[0]?.detEvento).toEqual({
      descEvento: 'Cancelamento',
      nProt: '135260000000010',
      xJust: 'Pedido cancelado pelo cliente',
    });
    expect(events.eventos[1]?.xml).toBe(cce);
    expect(verifyElement(events.eventos[1]?.xml ?? '', 'infEvento')).toMatchObject({ valid: true });
    const inut = signInutNFe(
      buildInutNFe({
        ambiente: 'homologacao',
        cUF: '35',
        ano: '26',
        cnpj: EMITTER_CNPJ,
        serie: 2,
        numeroInicial: 3,
        numeroFinal: 9,
        justificativa: 'Numeracao pulada por falha',
      }),
      emitterCredentials,
    );
    expect(readSefazRequest(inut)).toMatchObject({
      kind: 'inutNFe',
      cUF: '35',
      ano: '26',
      CNPJ: EMITTER_CNPJ,
      mod: '55',
      serie: '2',
      nNFIni: '3',
      nNFFin: '9',
    });
  });

  it.skipIf(!sharedDir())('the pretty-printed sped-nfe requests', () => {
    const read = (name: string) =>
      readFileSync(sharedPath('nfe-samples', 'sefaz', 'sped-nfe', name), 'utf8');
    const cceRequest = readSefazRequest(read('exemplo_xml_request_cce_cnpj.xml'));
    if (cceRequest.kind !== 'envEvento') throw new Error('kind');
    expect(cceRequest.eventos[0]).toMatchObject({
      tpEvento: '110110',
      cOrgao: '35',
      detEvento: { xCorrecao: 'Descrição da correção' },
    });
    expect(readSefazRequest(read('exemplo_xml_inutiliza.xml'))).toMatchObject({
      kind: 'inutNFe',
      Id: 'ID35229362305700012855001000000001000000010',
      nNFFin: '10',
    });
  });

  it('rejects what is not a request', () => {
    expect(() => readSefazRequest('<a')).toThrow(SefazRequestError);
    expect(() =>
      readSefazRequest('<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe"/>'),
    ).toThrow(SefazRequestError);
    expect(documentsOfLot('<envEvento><idLote>1</idLote></envEvento>', 'evento')).toEqual([]);
  });
});

describe.skipIf(!sharedDir() || !xmllintAvailable)(
  'answers a server builds are valid under the official response schemas',
  () => {
    const digest = verifyNfe(nfeA.xml);
    if (!digest.valid) throw new Error('fixture');
    const prot = buildProtNFe({
      ...base,
      chNFe: nfeA.chave,
      nProt: '135260000000010',
      digVal: digest.digestValue,
      cStat: '100',
      xMotivo: 'Autorizado o uso da NF-e',
    });
    const rejected = buildProtNFe({
      ...base,
      chNFe: nfeB.chave,
      digVal: digest.digestValue,
      cStat: '610',
      xMotivo: 'Rejeição: Total da NF difere do somatório dos Valores compõe o valor Total da NF.',
    });

    it.each(['PL_009_V4', 'PL_010b_NT2025_002_v1.30'])(
      'retEnviNFe, retConsReciNFe, retConsSitNFe, retConsStatServ, retInutNFe under %s',
      (pack) => {
        const sync = buildRetEnviNFe({
          ...base,
          cStat: '104',
          xMotivo: 'Lote processado',
          protNFe: prot,
        });
        const async = buildRetEnviNFe({
          ...base,
          cStat: '103',
          xMotivo: 'Lote recebido com sucesso',
          recibo: { nRec: '351000000000001', tMed: 1 },
        });
        const lotRejected = buildRetEnviNFe({
          ...base,
          cStat: '225',
          xMotivo: 'Rejeição: Falha no Schema XML do lote de NFe',
        });
        for (const xml of [sync, async, lotRejected])
          expect(xmllintErrors(xml, pack, 'retEnviNFe_v4.00.xsd')).toEqual([]);
        const reci = buildRetConsReciNFe({
          ...base,
          nRec: '351000000000001',
          cStat: '104',
          xMotivo: 'Lote processado',
          protNFe: [prot, rejected],
        });
        expect(xmllintErrors(reci, pack, 'retConsReciNFe_v4.00.xsd')).toEqual([]);
        const cancelProc = buildProcEventoNFe(
          cancel,
          buildRetEvento({
            ...base,
            cOrgao: '35',
            cStat: '135',
            xMotivo: 'Evento registrado e vinculado a NF-e',
            chNFe: nfeA.chave,
            tpEvento: '110111',
            xEvento: 'Cancelamento registrado',
            nSeqEvento: '1',
            dhRegEvento: '2026-11-21T20:00:05-03:00',
            nProt: '135260000000011',
          }),
        );
        const sit = buildRetConsSitNFe({
          ...base,
          cStat: '101',
          xMotivo: 'Cancelamento de NF-e homologado',
          chNFe: nfeA.chave,
          protNFe: prot,
          procEventoNFe: [cancelProc],
        });
        expect(xmllintErrors(sit, pack, 'retConsSitNFe_v4.00.xsd')).toEqual([]);
        const status = buildRetConsStatServ({
          ...base,
          cStat: '107',
          xMotivo: 'Serviço em Operação',
          tMed: 1,
        });
        expect(xmllintErrors(status, pack, 'retConsStatServ_v4.00.xsd')).toEqual([]);
        const inut = buildRetInutNFe({
          ...base,
          cStat: '102',
          xMotivo: 'Inutilização de número homologado',
          ano: '26',
          CNPJ: EMITTER_CNPJ,
          mod: '55',
          serie: '1',
          nNFIni: '5',
          nNFFin: '7',
          nProt: '135260000000012',
        });
        expect(xmllintErrors(inut, pack, 'retInutNFe_v4.00.xsd')).toEqual([]);
        expect(xmllintErrors(buildNfeProc(nfeA.xml, prot), pack, 'procNFe_v4.00.xsd')).toEqual([]);
      },
    );

    it('retEnvEvento under the cancel and CC-e packs, also a lot rejection', () => {
      const retCancel = buildRetEvento({
        ...base,
        cOrgao: '35',
        cStat: '135',
        xMotivo: 'Evento registrado e vinculado a NF-e',
        chNFe: nfeA.chave,
        tpEvento: '110111',
        xEvento: 'Cancelamento registrado',
        nSeqEvento: '1',
        dhRegEvento: '2026-11-21T20:00:05-03:00',
        nProt: '135260000000011',
      });
      const lot = buildRetEnvEvento({
        ...base,
        idLote: '5',
        cOrgao: '35',
        cStat: '128',
        xMotivo: 'Lote de Evento Processado',
        retEvento: [retCancel],
      });
      expect(
        xmllintErrors(
          lot,
          'eventos',
          'evento_cancelamento_110111',
          'retEnvEventoCancNFe_v1.00.xsd',
        ),
      ).toEqual([]);
      const retCce = buildRetEvento({
        ...base,
        cOrgao: '35',
        cStat: '135',
        xMotivo: 'Evento registrado e vinculado a NF-e',
        chNFe: nfeA.chave,
        tpEvento: '110110',
        xEvento: 'Carta de Correcao registrada',
        nSeqEvento: '1',
        dhRegEvento: '2026-11-21T20:00:05-03:00',
        nProt: '135260000000013',
      });
      const cceLot = buildRetEnvEvento({
        ...base,
        idLote: '6',
        cOrgao: '35',
        cStat: '128',
        xMotivo: 'Lote de Evento Processado',
        retEvento: [retCce],
      });
      expect(xmllintErrors(cceLot, 'eventos', 'evento_cce_110110', 'retEnvCCe_v1.00.xsd')).toEqual(
        [],
      );
      const rejectedLot = buildRetEnvEvento({
        ...base,
        idLote: '7',
        cOrgao: '35',
        cStat: '215',
        xMotivo: 'Rejeição: Falha no schema XML',
        retEvento: [],
      });
      expect(
        xmllintErrors(rejectedLot, 'eventos', 'evento_generico', 'retEnvEvento_v1.00.xsd'),
      ).toEqual([]);
      expect(
        xmllintErrors(
          buildProcEventoNFe(cce, retCce),
          'eventos',
          'evento_cce_110110',
          'procCCeNFe_v1.00.xsd',
        ),
      ).toEqual([]);
    });

    it("round-trips through the client's parser and classification", () => {
      const reci = parseSefazAnswer(
        buildRetConsReciNFe({
          ...base,
          nRec: '351000000000001',
          cStat: '104',
          xMotivo: 'Lote processado',
          protNFe: [prot, rejected],
        }),
      );
      if (reci.kind !== 'retConsReciNFe') throw new Error('kind');
      expect(
        classifyAutorizacao(reci, [nfeA.chave, nfeB.chave]).map((o) => o.classification),
      ).toMatchObject([
        { kind: 'final', result: 'autorizada' },
        { kind: 'final', result: 'rejeitada', cStat: '610' },
      ]);
      const sit = parseSefazAnswer(
        buildRetConsSitNFe({
          ...base,
          cStat: '217',
          xMotivo: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
          chNFe: nfeB.chave,
        }),
      );
      if (sit.kind !== 'retConsSitNFe') throw new Error('kind');
      expect(classifyConsulta(sit)).toMatchObject({ kind: 'final', result: 'inexistente' });
      const ev = parseSefazAnswer(
        buildRetEnvEvento({
          ...base,
          idLote: '5',
          cOrgao: '35',
          cStat: '128',
          xMotivo: 'Lote de Evento Processado',
          retEvento: [
            buildRetEvento({
              ...base,
              cOrgao: '35',
              cStat: '573',
              xMotivo: 'Rejeição: Duplicidade de evento',
              chNFe: nfeA.chave,
              tpEvento: '110111',
              nSeqEvento: '1',
              dhRegEvento: '2026-11-21T20:00:05-03:00',
            }),
          ],
        }),
      );
      if (ev.kind !== 'retEnvEvento') throw new Error('kind');
      expect(
        classifyEventos(ev, [{ chave: nfeA.chave, tpEvento: '110111', nSeqEvento: 1 }])[0]
          ?.classification.kind,
      ).toBe('unknown');
    });
  },
);
