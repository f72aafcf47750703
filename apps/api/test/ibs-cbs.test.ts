import { referenceVerifyNfe, sharedDir, validateNfeXml } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/* IBS, CBS and IS (reforma tributária) through real HTTP: emission with the groups and 422s that
   name the line for every kind of rule violation, changing nothing. */

let server: TestServer;
beforeAll(async () => {
  // A clock in 2026, the first test year (IBS UF 0.10 %, IBS Mun 0 %, CBS 0.90 %), so the rates
  // below stay right whatever the real date.
  server = await startTestServer({ clock: () => new Date('2026-11-26T15:00:00Z') });
});
afterAll(() => server.close());

let counter = 0;
const refs = () => ({ tenant_ref: `rtc-${++counter}`, branch_ref: 'filial-1' });
const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

/** The item of emissionRequest is 21.00 (2 × 10.50); IBS/CBS on that base at the 2026 rates. */
function rtcLine(domain: string, fields: Record<string, string>) {
  return {
    tax_domain: domain,
    cst: '000',
    classificacao_tributaria: '000001',
    base_calc: '21.00',
    base_calc_percent: '100',
    rule_id: RULE_ID,
    ...fields,
  };
}

const UF = () => rtcLine('ibs_uf', { aliquota: '0.10', valor: '0.02' });
const MUN = () => rtcLine('ibs_mun', { aliquota: '0', valor: '0' });
const CBS = () => rtcLine('cbs', { aliquota: '0.90', valor: '0.19' });
const IBS_CBS = () => [UF(), MUN(), CBS()];

/** emissionRequest with extra lines on its first item. */
function withLines(r: { tenant_ref: string; branch_ref: string }, extra: object[]) {
  const body = emissionRequest(r);
  const [first] = body.itens;
  if (!first) throw new Error('item expected');
  first.fiscal_result.tributos = [...first.fiscal_result.tributos, ...(extra as never[])];
  return body;
}

async function emit(apiKey: string, body: unknown) {
  const res = await fetch(`${server.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      'idempotency-key': newKey(),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function nextNumber(product: Awaited<ReturnType<TestServer['newProduct']>>, r: object) {
  const list = await product.client.series.listSeries({ query: r as never });
  if (list.status !== 200) throw new Error('list failed');
  return list.body[0]?.next_number;
}

describe('POST /v1/emissoes with IBS/CBS/IS lines', () => {
  it('emits a signed document with IBSCBS, IS, vItem and the totals, valid under PL_010b', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const body = withLines(r, [...IBS_CBS(), rtcLine('is', { aliquota: '10', valor: '2.10' })]);
    const res = await emit(product.apiKey, body);
    expect(res.status).toBe(201);
    const xml = await (
      await fetch(`${server.url}/v1/documentos/${res.body.id}/xml`, {
        headers: { 'x-api-key': product.apiKey },
      })
    ).text();
    expect(xml).toContain(
      '<IS><CSTIS>000</CSTIS><cClassTribIS>000001</cClassTribIS><vBCIS>21.00</vBCIS><pIS>10.00</pIS><vIS>2.10</vIS></IS>' +
        '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>21.00</vBC>' +
        '<gIBSUF><pIBSUF>0.10</pIBSUF><vIBSUF>0.02</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.00</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun>' +
        '<vIBS>0.02</vIBS><gCBS><pCBS>0.90</pCBS><vCBS>0.19</vCBS></gCBS></gIBSCBS></IBSCBS></imposto><vItem>21.00</vItem></det>',
    );
    expect(xml).toContain('<vNF>21.00</vNF>');
    expect(xml).toContain('<ISTot><vIS>2.10</vIS></ISTot><IBSCBSTot><vBCIBSCBS>21.00</vBCIBSCBS>');
    expect(xml).toContain('</IBSCBSTot><vNFTot>21.00</vNFTot></total>');
    expect(referenceVerifyNfe(xml)).toBe(true);
    if (sharedDir()) expect(validateNfeXml(xml, 'PL_010b_NT2025_002_v1.30')).toEqual([]);
  });

  it('a reduced rate with the effective rate computed by Emissor (CST 200, 60 %)', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const reduced = (domain: string, aliquota: string, valor: string) =>
      rtcLine(domain, {
        cst: '200',
        classificacao_tributaria: '200034',
        aliquota,
        valor,
        reducao_aliquota_percent: '60',
      });
    const res = await emit(
      product.apiKey,
      withLines(r, [
        reduced('ibs_uf', '0.10', '0.01'),
        reduced('ibs_mun', '0', '0'),
        reduced('cbs', '0.90', '0.08'),
      ]),
    );
    expect(res.status).toBe(201);
    const xml = await (
      await fetch(`${server.url}/v1/documentos/${res.body.id}/xml`, {
        headers: { 'x-api-key': product.apiKey },
      })
    ).text();
    expect(xml).toContain(
      '<gCBS><pCBS>0.90</pCBS><gRed><pRedAliq>60.00</pRedAliq><pAliqEfet>0.36</pAliqEfet></gRed><vCBS>0.08</vCBS></gCBS>',
    );
  });

  const line = (i: number) => ['body', 'itens', 0, 'fiscal_result', 'tributos', i];
  const VIOLATIONS: {
    name: string;
    extra: object[];
    loc: (string | number)[];
    type: string;
    msg?: RegExp;
  }[] = [
    {
      name: 'a value beyond 0.01 of base × rate (UB67-10)',
      extra: [UF(), MUN(), rtcLine('cbs', { aliquota: '0.90', valor: '0.21' })],
      loc: [...line(5), 'valor'],
      type: 'ibs_cbs_rule',
      msg: /UB67-10 \(SEFAZ rejection 1069\)/,
    },
    {
      name: 'a CBS rate other than the 2026 test rate (UB56-10)',
      extra: [UF(), MUN(), rtcLine('cbs', { aliquota: '0.09', valor: '0.02' })],
      loc: [...line(5), 'aliquota'],
      type: 'ibs_cbs_rule',
      msg: /UB56-10 \(SEFAZ rejection 1037\)/,
    },
    {
      name: 'a CST that is not in the table (UB13-10)',
      extra: IBS_CBS().map((l) => ({ ...l, cst: '999', classificacao_tributaria: '999001' })),
      loc: [...line(3), 'cst'],
      type: 'ibs_cbs_rule',
      msg: /UB13-10/,
    },
    {
      name: 'a cClassTrib of another CST (UB14-20)',
      extra: IBS_CBS().map((l) => ({ ...l, classificacao_tributaria: '200034' })),
      loc: [...line(3), 'classificacao_tributaria'],
      type: 'ibs_cbs_rule',
      msg: /UB14-20/,
    },
    {
      name: 'a reduction CST without the reduction (UB26-20)',
      extra: IBS_CBS().map((l) => ({ ...l, cst: '200', classificacao_tributaria: '200034' })),
      loc: [...line(3), 'reducao_aliquota_percent'],
      type: 'ibs_cbs_rule',
      msg: /UB26-20 \(SEFAZ rejection 1033\)/,
    },
    {
      name: 'a deferral on a CST without deferral (gDif, 1090)',
      extra: [
        UF(),
        MUN(),
        rtcLine('cbs', { aliquota: '0.90', valor: '0.10', diferimento_percent: '50' }),
      ],
      loc: [...line(5), 'diferimento_percent'],
      type: 'ibs_cbs_rule',
      msg: /1090/,
    },
    {
      name: 'a wrong effective rate (UB66-10)',
      extra: IBS_CBS().map((l) => ({
        ...l,
        cst: '200',
        classificacao_tributaria: '200034',
        reducao_aliquota_percent: '60',
        aliquota_efetiva: l.tax_domain === 'cbs' ? '0.50' : undefined,
        valor: l.tax_domain === 'cbs' ? '0.11' : l.tax_domain === 'ibs_uf' ? '0.01' : '0',
      })),
      loc: [...line(5), 'aliquota_efetiva'],
      type: 'ibs_cbs_rule',
      msg: /UB66-10/,
    },
    {
      name: 'a missing sphere line',
      extra: [UF(), CBS()],
      loc: ['body', 'itens', 0, 'fiscal_result', 'tributos'],
      type: 'tax_line_missing',
    },
    {
      name: 'lines of one item with different bases',
      extra: [UF(), MUN(), { ...CBS(), base_calc: '20.00', valor: '0.18' }],
      loc: [...line(5), 'base_calc'],
      type: 'ibs_cbs_base_conflict',
    },
    {
      name: 'CST 620 without its monophase group (fiscal_result.ibs_cbs.monofasia)',
      extra: IBS_CBS().map((l) => ({
        ...l,
        cst: '620',
        classificacao_tributaria: '620001',
        base_calc: '0',
        valor: '0',
        aliquota: undefined,
      })),
      loc: ['body', 'itens', 0, 'fiscal_result', 'ibs_cbs', 'monofasia'],
      type: 'ibs_cbs_rule',
      msg: /UB13-40 \(SEFAZ rejection 1116\): CST 620 requires gIBSCBSMono/,
    },
    {
      name: 'a cClassTrib that is not 6 digits',
      extra: IBS_CBS().map((l) => ({ ...l, classificacao_tributaria: '00001' })),
      loc: [...line(3), 'classificacao_tributaria'],
      type: 'string_pattern_mismatch',
    },
    {
      name: 'an IS value beyond 0.01 of base × rate (UB11-10)',
      extra: [...IBS_CBS(), rtcLine('is', { aliquota: '10', valor: '2.50' })],
      loc: [...line(6), 'valor'],
      type: 'ibs_cbs_rule',
      msg: /UB11-10/,
    },
    {
      name: 'a reforma-tributária field on an ICMS-era line',
      extra: [
        {
          tax_domain: 'ipi',
          cst: '53',
          base_calc: '0',
          base_calc_percent: '100',
          valor: '0',
          rule_id: RULE_ID,
          classificacao_tributaria: '000001',
        },
      ],
      loc: [...line(3), 'classificacao_tributaria'],
      type: 'tax_line_mismatch',
    },
  ];

  for (const v of VIOLATIONS) {
    it(`422 naming the line, nothing changed: ${v.name}`, async () => {
      const product = await server.newProduct();
      const r = refs();
      await prepareBranch(server.url, product, r);
      const res = await emit(product.apiKey, withLines(r, v.extra));
      expect(res.status).toBe(422);
      expect(res.body.detail).toContainEqual(expect.objectContaining({ loc: v.loc, type: v.type }));
      if (v.msg)
        expect(res.body.detail.map((d: { msg: string }) => d.msg).join(' ')).toMatch(v.msg);
      expect(await nextNumber(product, r)).toBe(1);
    });
  }
});
