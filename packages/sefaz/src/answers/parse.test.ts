import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { sharedDir, sharedPath } from '@emissor/test-support';

import { SefazAnswerError } from './errors.js';
import { parseProcEventoNFeDocument, parseSefazAnswer } from './parse.js';

const sample = (path: string): string =>
  readFileSync(sharedPath('nfe-samples', 'sefaz', ...path.split('/')), 'utf8');

describe.skipIf(!sharedDir())('the real SEFAZ answers parse into typed results', () => {
  it('retEnviNFe synchronous (bare and in a SOAP 1.2 envelope), with its protNFe', () => {
    for (const file of [
      'sped-nfe/retEnviNFe.xml',
      'sped-nfe/exemplo_retorno_sucesso_envia_lote.xml',
    ]) {
      const answer = parseSefazAnswer(sample(file), 'NFeAutorizacao4');
      expect(answer).toMatchObject({ kind: 'retEnviNFe', cStat: '104', cUF: '43', tpAmb: '2' });
      if (answer.kind !== 'retEnviNFe') throw new Error('kind');
      expect(answer.recibo).toBeUndefined();
      expect(answer.protNFe).toMatchObject({
        chNFe: '43211105730928000145650010000002401717268120',
        cStat: '100',
        digVal: 'aWpBMlDjIlWUn2ALNSdwzLi2ntE=',
        versao: '4.00',
      });
      expect(answer.protNFe?.nProt).toMatch(/^1432[12]000/);
      expect(answer.protNFe?.xml).toMatch(
        /^<protNFe versao="4.00" xmlns="http:\/\/www.portalfiscal.inf.br\/nfe"><infProt>/,
      );
    }
  });

  it('retEnviNFe asynchronous from SVRS in SOAP 1.1: the recibo and tMed', () => {
    const answer = parseSefazAnswer(
      sample('nfelib-svrs-2023/svrs_hom_retEnviNFe_103_async.soap11.xml'),
    );
    expect(answer).toMatchObject({
      kind: 'retEnviNFe',
      cStat: '103',
      xMotivo: 'Lote recebido com sucesso',
      recibo: { nRec: '423002202113232', tMed: 1 },
    });
  });

  it('retConsReciNFe with a rejected protNFe (no nProt, digVal present), and the legacy SP 3.10 shape', () => {
    const svrs = parseSefazAnswer(
      sample('nfelib-svrs-2023/svrs_hom_retConsReciNFe_104_prot297.soap11.xml'),
      'NFeRetAutorizacao4',
    );
    expect(svrs).toMatchObject({ kind: 'retConsReciNFe', cStat: '104', nRec: '423002202113232' });
    if (svrs.kind !== 'retConsReciNFe') throw new Error('kind');
    expect(svrs.protNFe).toHaveLength(1);
    expect(svrs.protNFe[0]).toMatchObject({
      cStat: '297',
      nProt: undefined,
      digVal: 'IoYUWXt2fIiRXb7UYRgl77c6Zlk=',
    });
    const sp = parseSefazAnswer(sample('sped-nfe/2017reconsrec.xml'));
    expect(sp).toMatchObject({
      kind: 'retConsReciNFe',
      cStat: '104',
      nRec: '351000109901280',
      versao: '3.10',
    });
    if (sp.kind !== 'retConsReciNFe') throw new Error('kind');
    expect(sp.protNFe[0]).toMatchObject({ cStat: '100', nProt: '135170001136476' });
  });

  it('retConsSitNFe: 217 from SVRS; MG cancelled (101) with protNFe and the cancel procEventoNFe; MG 100 with an EPEC event', () => {
    expect(
      parseSefazAnswer(sample('nfelib-svrs-2023/svrs_hom_retConsSitNFe_217.soap11.xml')),
    ).toMatchObject({
      kind: 'retConsSitNFe',
      cStat: '217',
      chNFe: '42230675277525000259550010000364481754015406',
      protNFe: undefined,
      procEventoNFe: [],
    });
    const cancelled = parseSefazAnswer(
      sample('unimake/retConsSitNFe2.xml'),
      'NFeConsultaProtocolo4',
    );
    expect(cancelled).toMatchObject({
      kind: 'retConsSitNFe',
      cStat: '101',
      protNFe: { cStat: '100', nProt: '131220146814773' },
    });
    if (cancelled.kind !== 'retConsSitNFe') throw new Error('kind');
    expect(cancelled.procEventoNFe).toHaveLength(1);
    expect(cancelled.procEventoNFe[0]).toMatchObject({
      tpEvento: '110111',
      nSeqEvento: '1',
      retEvento: { cStat: '135', xEvento: 'CANCELAMENTO', nProt: '131220146814780' },
    });
    const epec = parseSefazAnswer(sample('unimake/retConsSitNFe4.xml'));
    if (epec.kind !== 'retConsSitNFe') throw new Error('kind');
    expect(epec.cStat).toBe('100');
    expect(epec.procEventoNFe.map((p) => [p.tpEvento, p.retEvento?.cStat])).toEqual([
      ['110140', '136'],
    ]);
  });

  it('retConsStatServ from SVRS (SOAP 1.1) and legacy SP (nfeCabecMsg header, 3.10)', () => {
    expect(
      parseSefazAnswer(
        sample('nfelib-svrs-2023/svrs_hom_retConsStatServ_107.soap11.xml'),
        'NFeStatusServico4',
      ),
    ).toMatchObject({
      kind: 'retConsStatServ',
      cStat: '107',
      cUF: '42',
      tMed: 1,
    });
    expect(parseSefazAnswer(sample('sped-nfe/retConsStatServ.xml'))).toMatchObject({
      kind: 'retConsStatServ',
      cStat: '107',
      xMotivo: 'Serviço em Operação',
      versao: '3.10',
    });
  });

  it('retEnvEvento: SP cancel 155 and CC-e 135, and the SVRS lot rejection with an empty idLote and no cOrgao', () => {
    const cancel = parseSefazAnswer(
      sample('sped-nfe-docs/sp_hom_2017_retEnvEvento_cancel_155.soap12.xml'),
      'NFeRecepcaoEvento4',
    );
    expect(cancel).toMatchObject({
      kind: 'retEnvEvento',
      cStat: '128',
      idLote: '201705051652506',
      cOrgao: '35',
    });
    if (cancel.kind !== 'retEnvEvento') throw new Error('kind');
    expect(cancel.retEvento[0]).toMatchObject({
      cStat: '155',
      tpEvento: '110111',
      nSeqEvento: '1',
      nProt: '135170002129076',
    });
    const cce = parseSefazAnswer(
      sample('sped-nfe-docs/sp_hom_2017_retEnvEvento_cce_135.soap12.xml'),
    );
    if (cce.kind !== 'retEnvEvento') throw new Error('kind');
    expect(cce.retEvento[0]).toMatchObject({
      cStat: '135',
      tpEvento: '110110',
      xEvento: 'Carta de Correção registrada',
    });
    expect(
      parseSefazAnswer(sample('nfelib-svrs-2023/svrs_hom_retEnvEvento_215.soap11.xml')),
    ).toMatchObject({
      kind: 'retEnvEvento',
      idLote: '',
      cOrgao: undefined,
      cStat: '215',
      retEvento: [],
    });
  });

  it('retInutNFe from GO (env: prefix, pretty-printed, accented xMotivo)', () => {
    expect(
      parseSefazAnswer(sample('sped-nfe/response_inut_cnpj.xml'), 'NFeInutilizacao4'),
    ).toMatchObject({
      kind: 'retInutNFe',
      cStat: '102',
      xMotivo: 'Inutilização de número homologado',
      cUF: '52',
      serie: '3',
      nNFIni: '53',
      nNFFin: '53',
      nProt: '152250025831513',
    });
  });

  it("the protNFe and procEventoNFe handed out are the answer's own bytes (MG, tabs, prefixed Signature), with the inherited xmlns added", () => {
    const body = sample('unimake/retConsSitNFe2.xml');
    const answer = parseSefazAnswer(body, 'NFeConsultaProtocolo4');
    if (answer.kind !== 'retConsSitNFe' || !answer.protNFe || !answer.procEventoNFe[0])
      throw new Error('protNFe and procEventoNFe expected');
    const original = (name: string): string =>
      body.slice(body.indexOf(`<${name} `), body.indexOf(`</${name}>`) + name.length + 3);
    const declared = (bytes: string, tag: string): string =>
      bytes.replace(tag, tag.replace('>', ` xmlns="http://www.portalfiscal.inf.br/nfe">`));

    expect(answer.protNFe.xml).toBe(declared(original('protNFe'), '<protNFe versao="4.00">'));
    const proc = answer.procEventoNFe[0].xml;
    expect(proc).toBe(declared(original('procEventoNFe'), '<procEventoNFe versao="1.00">'));
    // The evento's signature element, as MG stored it, is untouched inside.
    expect(proc).toContain(
      '<Signature:Signature xmlns:Signature="http://www.w3.org/2000/09/xmldsig#" xmlns="http://www.w3.org/2000/09/xmldsig#">',
    );
    expect(answer.procEventoNFe[0].retEvento?.xml).toBe(
      declared(original('retEvento'), '<retEvento versao="1.00">'),
    );
  });

  it("stored procEventoNFe documents, also SEFAZ-PR's whose evento lost its namespace", () => {
    expect(
      parseProcEventoNFeDocument(
        sample('unimake/41170801761135000132550010000189121110755809-ev-110110-001.xml'),
      ),
    ).toMatchObject({
      tpEvento: '110110',
      chNFe: '41170801761135000132550010000189121110755809',
      retEvento: { cStat: '135', nProt: '141170129359843' },
    });
    expect(
      parseProcEventoNFeDocument(sample('sped-nfe-docs/an_2016_procEventoNFe_210200.xml')),
    ).toMatchObject({
      tpEvento: '210200',
      retEvento: { cStat: '135', nProt: '891161800271770' },
    });
  });
});

describe('tolerance and errors', () => {
  const ns = 'http://www.portalfiscal.inf.br/nfe';
  it('reads a four-digit cStat, a prefixed message and an escaped message inside the wrapper', () => {
    const prefixed = `<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><r:nfeResultMsg xmlns:r="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4"><n:retEnviNFe xmlns:n="${ns}" versao="4.00"><n:tpAmb>2</n:tpAmb><n:verAplic>X</n:verAplic><n:cStat>1234</n:cStat><n:xMotivo>Rejeicao: IBS</n:xMotivo><n:cUF>35</n:cUF><n:dhRecbto>2026-11-26T10:00:00-03:00</n:dhRecbto></n:retEnviNFe></r:nfeResultMsg></s:Body></s:Envelope>`;
    expect(parseSefazAnswer(prefixed)).toMatchObject({ kind: 'retEnviNFe', cStat: '1234' });
    const escaped = `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">&lt;retConsStatServ xmlns="${ns}" versao="4.00"&gt;&lt;tpAmb&gt;2&lt;/tpAmb&gt;&lt;verAplic&gt;V&lt;/verAplic&gt;&lt;cStat&gt;107&lt;/cStat&gt;&lt;xMotivo&gt;ok&lt;/xMotivo&gt;&lt;/retConsStatServ&gt;</nfeResultMsg></soap:Body></soap:Envelope>`;
    expect(parseSefazAnswer(escaped)).toMatchObject({ kind: 'retConsStatServ', cStat: '107' });
  });

  it('reports what it cannot read with a code', () => {
    const code = (
      body: string,
      expected?: Parameters<typeof parseSefazAnswer>[1],
    ): string | undefined => {
      try {
        parseSefazAnswer(body, expected);
        return undefined;
      } catch (error) {
        return error instanceof SefazAnswerError ? error.code : 'other';
      }
    };
    expect(code('<html><body>502 Bad Gateway</body></html>')).toBe('no_message');
    expect(code('not xml at all')).toBe('not_xml');
    expect(code('<a><b></a>')).toBe('not_xml');
    expect(
      code(
        '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Reason><soap:Text>Server was unable to process request</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>',
      ),
    ).toBe('soap_fault');
    const status = `<retConsStatServ xmlns="${ns}" versao="4.00"><tpAmb>2</tpAmb><cStat>107</cStat></retConsStatServ>`;
    expect(code(status, 'NFeAutorizacao4')).toBe('unexpected_message');
    expect(
      code(`<retConsStatServ xmlns="${ns}" versao="4.00"><tpAmb>2</tpAmb></retConsStatServ>`),
    ).toBe('no_message');
    expect(code(`<consStatServ xmlns="${ns}" versao="4.00"/>`)).toBe('no_message');
  });
});
