// Every emission example of GET /v1/openapi.json, posted as the document gives it to an API
// transmitting to the local SEFAZ, is authorised: a reader who copies any of them from /docs (after
// the certificate and series it names) gets an authorised NF-e, numbered from the series' first.
import { bodyExamples, contract } from '@emissor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate, testPfx } from './helpers/certificates.js';
import { documentXml, postEmission } from './helpers/emission.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

type Body = Record<string, any>;

const NAMES = Object.keys(bodyExamples(contract.emissions.emit.body) ?? {});

/** What the XML of each example must hold besides an authorisation. */
const GROUPS: Record<string, (xml: string, previousChave: string) => void> = {
  'venda a consumidor': (xml) => {
    expect(xml).toContain('<vNF>21.00</vNF>');
  },
  'venda a prazo com transporte': (xml) => {
    expect(xml).toContain('<vProd>420.00</vProd><vFrete>30.00</vFrete>');
    expect(xml).toContain('<vDesc>20.00</vDesc>');
    expect(xml).toContain('<vNF>430.00</vNF>');
    expect(xml).toMatch(/<transp><modFrete>0<\/modFrete><transporta><CNPJ>33333333000191</);
    expect(xml).toContain('<vol><qVol>2</qVol><esp>CAIXA</esp>');
    expect(xml).toContain(
      '<cobr><fat><nFat>1001</nFat><vOrig>430.00</vOrig><vDesc>0.00</vDesc><vLiq>430.00</vLiq></fat>' +
        '<dup><nDup>001</nDup><dVenc>2031-01-15</dVenc><vDup>215.00</vDup></dup>' +
        '<dup><nDup>002</nDup><dVenc>2031-02-15</dVenc><vDup>215.00</vDup></dup></cobr>',
    );
    expect(xml).toContain('<tPag>15</tPag><vPag>430.00</vPag>');
  },
  devolução: (xml, saleChave) => {
    expect(xml).toContain(`<NFref><refNFe>${saleChave}</refNFe></NFref>`);
    expect(xml).toMatch(/<tpNF>0<\/tpNF>.*<finNFe>4<\/finNFe>/s);
    expect(xml).toContain('<CFOP>1202</CFOP>');
    expect(xml).toContain('<tPag>90</tPag><vPag>0.00</vPag>');
  },
  'venda em marketplace': (xml) => {
    expect(xml).toContain('<indIntermed>1</indIntermed>');
    expect(xml).toContain(
      '<infIntermed><CNPJ>03562067000108</CNPJ><idCadIntTran>padaria-do-ze</idCadIntTran></infIntermed>',
    );
  },
  'venda com desconto, frete e lote': (xml) => {
    expect(xml).toContain(
      '<vFrete>2.00</vFrete><vDesc>1.00</vDesc><indTot>1</indTot><xPed>PED-4471</xPed>',
    );
    expect(xml).toContain('<vNF>22.00</vNF>');
  },
  'venda com ST retida e tributos aproximados': (xml) => {
    expect(xml).toContain('<vICMSSTRet>1.24</vICMSSTRet><pRedBCEfet>0.00</pRedBCEfet>');
    expect(xml).toContain('<vNF>37.00</vNF><vTotTrib>11.53</vTotTrib></ICMSTot>');
  },
};

let server: SimulatorServer;
let apiKey: string;
let examples: Record<string, { value: Body }>;
/** The chave of the document the previous example gave. */
let previousChave = '';
/** How many documents each series (tenant, branch, serie) has numbered: each starts at 1. */
const numbered = new Map<string, number>();

beforeAll(async () => {
  server = await startSimulatorServer();
  const served = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as any;
  examples = served.paths['/v1/emissoes'].post.requestBody.content['application/json'].examples;

  // One product; for each branch the examples name, the series and a certificate of its CNPJ.
  const product = await server.newProduct();
  apiKey = product.apiKey;
  const prepared = new Set<string>();
  for (const { value: body } of Object.values(examples)) {
    const refs = { tenant_ref: body.tenant_ref as string, branch_ref: body.branch_ref as string };
    const cnpj = body.emitente.cnpj as string;
    const series = JSON.stringify([refs, body.serie]);
    if (!prepared.has(series)) {
      prepared.add(series);
      const res = await product.client.series.createSeries({
        body: { ...refs, serie: body.serie as number, next_number: 1 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const branch = JSON.stringify([refs, cnpj]);
    if (!prepared.has(branch)) {
      prepared.add(branch);
      const pfx = testPfx({ cnpj });
      const cert = await postCertificate(server.url, apiKey, refs, {
        cnpj,
        password: pfx.password,
        file: pfx.pfx,
      });
      expect(cert.status, JSON.stringify(cert.body)).toBe(201);
    }
  }
}, 60_000);
afterAll(() => server.close());

/**
 * The body `name` as served. The local SEFAZ, as SEFAZ does, refuses a reference to an NF-e of its
 * own state it has not authorised (267), and the example's chave only stands for its sale's; so
 * each referenced chave becomes the chave of the sale authorised just before (the devolução follows
 * the sale it returns).
 */
function bodyOf(name: string): Body {
  const example = examples[name];
  if (!example) throw new Error(`the emission has no example ${name}`);
  const body = structuredClone(example.value);
  for (const reference of (body.documentos_referenciados ?? []) as Body[])
    if (reference.chave_acesso) reference.chave_acesso = previousChave;
  return body;
}

describe('every emission example of the OpenAPI document', () => {
  it('is served with the names the contract gives, the devolução after the sale it returns', () => {
    expect(Object.keys(examples)).toEqual(NAMES);
    expect(NAMES.length).toBeGreaterThanOrEqual(3);
    expect(NAMES.indexOf('devolução')).toBe(NAMES.indexOf('venda a consumidor') + 1);
  });

  it.each(NAMES)('%s is authorised by the local SEFAZ', async (name) => {
    const body = bodyOf(name);
    const series = JSON.stringify([body.tenant_ref, body.branch_ref, body.serie]);
    const numero = (numbered.get(series) ?? 0) + 1;
    numbered.set(series, numero);
    const res = await postEmission(server.url, apiKey, body, { prefer: 'wait=10' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      tenant_ref: body.tenant_ref,
      branch_ref: body.branch_ref,
      serie: body.serie,
      numero,
      status: 'autorizada',
      ambiente: 'homologacao',
      rejeicao_codigo: null,
    });

    const xml = await documentXml(server.url, apiKey, String(res.body.id));
    expect(xml).toMatch(/<nfeProc[^>]*>.*<cStat>100<\/cStat>/s);
    GROUPS[name]?.(xml, previousChave);
    previousChave = res.body.chave_acesso as string;
  });
});
