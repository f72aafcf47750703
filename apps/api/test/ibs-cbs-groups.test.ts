import { referenceVerifyNfe, sharedDir, validateNfeXml } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/* The IBSCBS groups beyond gIBSCBS through real HTTP: one document per newly supported group
   (monophase, credit transfer, ZFM presumed credit, period adjustment, credit reversal, presumed
   credit of the operation, regular taxation, government purchase), each 201 and valid under PL_010b. */

let server: TestServer;
beforeAll(async () => {
  // 2026-11: the test-year rates and the month no competApur may follow.
  server = await startTestServer({ clock: () => new Date('2026-11-26T15:00:00Z') });
});
afterAll(() => server.close());

let counter = 0;
const refs = () => ({ tenant_ref: `rtc-groups-${++counter}`, branch_ref: 'filial-1' });
const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

/** The three sphere lines of the item (21.00): with the 2026 values, or zeros that only give the codes. */
function lines(cst: string, cClassTrib: string, withValues: boolean) {
  const rates = { ibs_uf: ['0.10', '0.02'], ibs_mun: ['0', '0'], cbs: ['0.90', '0.19'] } as const;
  return (['ibs_uf', 'ibs_mun', 'cbs'] as const).map((domain) => ({
    tax_domain: domain,
    cst,
    classificacao_tributaria: cClassTrib,
    base_calc: withValues ? '21.00' : '0',
    base_calc_percent: '100',
    valor: withValues ? rates[domain][1] : '0',
    ...(withValues ? { aliquota: rates[domain][0] } : {}),
    rule_id: RULE_ID,
  }));
}

type Body = ReturnType<typeof emissionRequest>;

/**
 * emissionRequest with the item's tax lines replaced or extended and `ibs_cbs` set; `note` drops
 * ICMS/PIS/COFINS (credit and debit notes carry only IBS/CBS).
 */
function body(
  r: { tenant_ref: string; branch_ref: string },
  options: {
    tributos: object[];
    ibs_cbs: object;
    note?: boolean;
    extra?: Partial<Body> & Record<string, unknown>;
  },
) {
  const base = emissionRequest(r);
  const [item] = base.itens;
  if (!item) throw new Error('item expected');
  const fiscal = item.fiscal_result as Record<string, unknown>;
  fiscal.tributos = options.note
    ? options.tributos
    : [...item.fiscal_result.tributos, ...options.tributos];
  fiscal.ibs_cbs = options.ibs_cbs;
  return { ...base, ...options.extra };
}

async function emitAndFetch(
  product: Awaited<ReturnType<TestServer['newProduct']>>,
  payload: object,
) {
  const res = await fetch(`${server.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': product.apiKey,
      'content-type': 'application/json',
      'idempotency-key': newKey(),
    },
    body: JSON.stringify(payload),
  });
  const json = (await res.json()) as { id?: string; detail?: unknown };
  if (res.status !== 201) return { status: res.status, json, xml: '' };
  const xml = await (
    await fetch(`${server.url}/v1/documentos/${json.id}/xml`, {
      headers: { 'x-api-key': product.apiKey },
    })
  ).text();
  return { status: res.status, json, xml };
}

const AMAZONAS = {
  address_city: 'Manaus',
  address_state: 'AM',
  address_city_ibge_code: '1302603',
  address_zip: '69005000',
};

const CASES: {
  name: string;
  make: (r: { tenant_ref: string; branch_ref: string }) => object;
  expected: string[];
}[] = [
  {
    name: 'CST 620, gIBSCBSMono (monofasia) with its gMono totals',
    make: (r) =>
      body(r, {
        tributos: lines('620', '620001', false),
        ibs_cbs: {
          monofasia: {
            padrao: {
              quantidade: '10',
              ad_rem_ibs: '0.10',
              valor_ibs: '1.00',
              ad_rem_cbs: '0.90',
              valor_cbs: '9.00',
            },
          },
        },
      }),
    expected: [
      '<vTotIBSMonoItem>1.00</vTotIBSMonoItem><vTotCBSMonoItem>9.00</vTotCBSMonoItem></gIBSCBSMono>',
      '<gMono><vIBSMono>1.00</vIBSMono><vCBSMono>9.00</vCBSMono>',
    ],
  },
  {
    name: 'CST 800, gTransfCred (transferencia_credito) in a debit note of succession',
    make: (r) =>
      body(r, {
        tributos: lines('800', '800001', false),
        ibs_cbs: { transferencia_credito: { valor_ibs: '1.00', valor_cbs: '9.00' } },
        note: true,
        extra: { fin_nfe: '6', tp_nf_debito: '05' },
      }),
    expected: [
      '<finNFe>6</finNFe><tpNFDebito>05</tpNFDebito>',
      '<gTransfCred><vIBS>1.00</vIBS><vCBS>9.00</vCBS></gTransfCred>',
    ],
  },
  {
    name: 'CST 810, gCredPresIBSZFM (credito_presumido_zfm) in a credit note from Amazonas',
    make: (r) => {
      const b = body(r, {
        tributos: lines('810', '810001', false),
        ibs_cbs: { credito_presumido_zfm: { competencia: '2026-10', tipo: '1', valor: '5.00' } },
        note: true,
        extra: { fin_nfe: '5', tp_nf_credito: '02', destinatario: null as never },
      });
      return { ...b, emitente: { ...b.emitente, ...AMAZONAS } };
    },
    expected: [
      '<finNFe>5</finNFe><tpNFCredito>02</tpNFCredito>',
      '<gCredPresIBSZFM><competApur>2026-10</competApur><tpCredPresIBSZFM>1</tpCredPresIBSZFM>',
    ],
  },
  {
    name: 'CST 811, gAjusteCompet (ajuste_competencia)',
    make: (r) =>
      body(r, {
        tributos: lines('811', '811001', false),
        ibs_cbs: { ajuste_competencia: { competencia: '2026-10', valor_ibs: '1', valor_cbs: '9' } },
      }),
    expected: [
      '<gAjusteCompet><competApur>2026-10</competApur><vIBS>1.00</vIBS><vCBS>9.00</vCBS></gAjusteCompet>',
    ],
  },
  {
    name: 'CST 000 with gTribRegular, gEstornoCred and gCredPresOper, summed into IBSCBSTot',
    make: (r) =>
      body(r, {
        tributos: lines('000', '000001', true),
        ibs_cbs: {
          tributacao_regular: {
            cst: '000',
            classificacao_tributaria: '000001',
            aliquota_ibs_uf: '0.10',
            valor_ibs_uf: '0.02',
            aliquota_ibs_mun: '0',
            valor_ibs_mun: '0',
            aliquota_cbs: '0.90',
            valor_cbs: '0.19',
          },
          estorno_credito: { valor_ibs: '0.02', valor_cbs: '0.19' },
          credito_presumido: {
            base_calc: '21.00',
            codigo: '01',
            cbs: { percentual: '1', valor: '0.01' },
          },
        },
      }),
    expected: [
      '<vTribRegCBS>0.19</vTribRegCBS></gTribRegular></gIBSCBS><gEstornoCred>',
      '<gCBSCredPres><pCredPres>1.00</pCredPres><vCredPres>0.01</vCredPres></gCBSCredPres>',
      '<vCBS>0.19</vCBS><vCredPres>0.01</vCredPres>',
      '<gEstornoCred><vIBSEstCred>0.02</vIBSEstCred><vCBSEstCred>0.19</vCBSEstCred></gEstornoCred></IBSCBSTot>',
    ],
  },
  {
    name: 'a government purchase: gCompraGov, gRed with the reducer, gTribCompraGov',
    make: (r) =>
      body(r, {
        // 0.90 % × (1 − 10 %) = 0.81 % on 21.00 → 0.17; IBS UF 0.09 % → 0.02.
        tributos: lines('000', '000001', true).map((l) =>
          l.tax_domain === 'cbs' ? { ...l, valor: '0.17' } : l,
        ),
        ibs_cbs: {
          compra_governamental: {
            aliquota_ibs_uf: '0.10',
            valor_ibs_uf: '0.02',
            aliquota_ibs_mun: '0',
            valor_ibs_mun: '0',
            aliquota_cbs: '0.90',
            valor_cbs: '0.17',
          },
        },
        extra: {
          compra_governamental: { tipo_ente: '2', percentual_reducao: '10', tipo_operacao: '1' },
        },
      }),
    expected: [
      '<gCompraGov><tpEnteGov>2</tpEnteGov><pRedutor>10.00</pRedutor><tpOperGov>1</tpOperGov></gCompraGov>',
      '<gRed><pRedAliq>0.00</pRedAliq><pAliqEfet>0.81</pAliqEfet></gRed><vCBS>0.17</vCBS>',
      '<gTribCompraGov><pAliqIBSUF>0.10</pAliqIBSUF>',
    ],
  },
];

describe('POST /v1/emissoes with the IBSCBS groups beyond gIBSCBS', () => {
  for (const c of CASES) {
    it(`201, signed and valid under PL_010b: ${c.name}`, async () => {
      const product = await server.newProduct();
      const r = refs();
      await prepareBranch(server.url, product, r);
      const res = await emitAndFetch(product, c.make(r));
      expect(res.json.detail).toBeUndefined();
      expect(res.status).toBe(201);
      for (const fragment of c.expected) expect(res.xml).toContain(fragment);
      expect(referenceVerifyNfe(res.xml)).toBe(true);
      if (sharedDir()) expect(validateNfeXml(res.xml, 'PL_010b_NT2025_002_v1.30')).toEqual([]);
    });
  }

  it('422 naming fiscal_result.ibs_cbs for a credit transfer outside a debit note (UB106-30)', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const res = await emitAndFetch(
      product,
      body(r, {
        tributos: lines('800', '800001', false),
        ibs_cbs: { transferencia_credito: { valor_ibs: '1.00', valor_cbs: '9.00' } },
      }),
    );
    expect(res.status).toBe(422);
    expect(res.json.detail).toContainEqual(
      expect.objectContaining({
        loc: ['body', 'itens', 0, 'fiscal_result', 'ibs_cbs', 'transferencia_credito'],
        type: 'ibs_cbs_rule',
        msg: expect.stringMatching(/^UB106-30 \(SEFAZ rejection 1133\)/),
      }),
    );
  });
});
