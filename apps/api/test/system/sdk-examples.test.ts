// The SDK example scripts of the OpenAPI document's whole examples, run as a reader runs them: the
// built API as its own process with the local SEFAZ, the admin CLI for the key and the development
// certificate, then examples/sdk/sale-on-credit.mjs, return.mjs and marketplace.mjs. Each must
// print authorised documents and leave the XML with its groups (transp/cobr, NFref and finNFe 4,
// infIntermed).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { HAVE_PDF_TOOLS, pagesText, warnIfPdfToolsMissing } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { repoRoot } from '../../src/paths.js';
import { spawnedApiUser, type SpawnedApiUser } from '../helpers/spawned-api-user.js';

warnIfPdfToolsMissing('sdk-examples');

let user: SpawnedApiUser;
beforeAll(async () => {
  user = await spawnedApiUser('sdk-examples');
}, 60_000);
afterAll(() => user?.close());

interface Printed {
  readonly numero: number;
  readonly chave: string;
}

/** Runs examples/sdk/<script> into its own folder: the NF-e it printed as authorised, in order. */
async function runExample(script: string): Promise<{ out: string; authorised: Printed[] }> {
  const out = join(user.dir, script.replace(/\.mjs$/, ''));
  mkdirSync(out);
  const result = await user.runExample(
    process.execPath,
    join(repoRoot, 'examples/sdk', script),
    out,
  );
  expect(result.code, `${result.stdout}\n${result.stderr}\n${user.api.output()}`).toBe(0);
  const authorised = [...result.stdout.matchAll(/NF-e (\d+): autorizada, chave (\d{44})/g)].map(
    ([, numero, chave]) => ({ numero: Number(numero), chave: chave! }),
  );
  return { out, authorised };
}

/** The nfeProc the script saved for `printed`, authorised (cStat 100) under its chave. */
function savedXml(out: string, printed: Printed): string {
  const xml = readFileSync(join(out, `nfe-${printed.numero}.xml`), 'utf8');
  expect(xml).toMatch(/^(<\?xml[^>]*\?>)?<nfeProc[\s>]/);
  expect(xml).toContain(`<infNFe Id="NFe${printed.chave}"`);
  expect(xml).toMatch(/<protNFe[^>]*>.*<cStat>100<\/cStat>/s);
  return xml;
}

describe('the SDK example scripts (examples/sdk)', () => {
  it('sale-on-credit.mjs: discount, freight, a carrier with volumes, boleto in duplicatas', async () => {
    const { out, authorised } = await runExample('sale-on-credit.mjs');
    expect(authorised).toHaveLength(1);
    const xml = savedXml(out, authorised[0]!);
    expect(xml).toContain('<qCom>40.0000</qCom><vUnCom>10.50</vUnCom><vProd>420.00</vProd>');
    expect(xml).toContain('<vFrete>30.00</vFrete><vDesc>20.00</vDesc>');
    expect(xml).toContain('<vBC>430.00</vBC><pICMS>18.00</pICMS><vICMS>77.40</vICMS>');
    expect(xml).toContain('<vNF>430.00</vNF>');
    expect(xml).toMatch(
      /<transp><modFrete>0<\/modFrete><transporta><CNPJ>33333333000191<\/CNPJ>.*<\/transporta><veicTransp><placa>ABC1D23<\/placa><UF>SP<\/UF><\/veicTransp><vol><qVol>2<\/qVol><esp>CAIXA<\/esp>.*<\/vol><\/transp>/,
    );
    expect(xml).toContain(
      '<cobr><fat><nFat>1001</nFat><vOrig>430.00</vOrig><vDesc>0.00</vDesc><vLiq>430.00</vLiq></fat>',
    );
    const duplicatas = [
      ...xml.matchAll(
        /<dup><nDup>(\d+)<\/nDup><dVenc>[\d-]+<\/dVenc><vDup>([\d.]+)<\/vDup><\/dup>/g,
      ),
    ];
    expect(duplicatas.map(([, n, v]) => [n, v])).toEqual([
      ['001', '215.00'],
      ['002', '215.00'],
    ]);
    expect(xml).toContain('<detPag><indPag>1</indPag><tPag>15</tPag><vPag>430.00</vPag></detPag>');
  }, 60_000);

  it('return.mjs: the sale, then its devolução referencing its chave, with the DANFE', async () => {
    const { out, authorised } = await runExample('return.mjs');
    expect(authorised).toHaveLength(2);
    const [sale, devolucao] = authorised as [Printed, Printed];
    expect(devolucao.numero).toBe(sale.numero + 1);
    const xml = savedXml(out, devolucao);
    expect(xml).toMatch(/<tpNF>0<\/tpNF>.*<finNFe>4<\/finNFe>/s);
    expect(xml).toContain(`<NFref><refNFe>${sale.chave}</refNFe></NFref>`);
    expect(xml).toContain('<natOp>Devolução de venda</natOp>');
    expect(xml).toContain('<CFOP>1202</CFOP>');
    expect(xml).toContain('<vICMS>3.78</vICMS>');
    expect(xml).toContain('<detPag><indPag>0</indPag><tPag>90</tPag><vPag>0.00</vPag></detPag>');
    const pdf = readFileSync(join(out, `danfe-${devolucao.numero}.pdf`));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (!HAVE_PDF_TOOLS) return;
    // The DANFE prints its own chave in groups of four digits and the sale's among the references.
    const text = pagesText(pdf).join('\n').replace(/\s/g, '');
    expect(text).toContain(devolucao.chave);
    expect(text).toContain(sale.chave);
  }, 60_000);

  it('marketplace.mjs: the sale names its intermediary (infIntermed)', async () => {
    const { out, authorised } = await runExample('marketplace.mjs');
    expect(authorised).toHaveLength(1);
    const xml = savedXml(out, authorised[0]!);
    expect(xml).toContain('<indPres>2</indPres><indIntermed>1</indIntermed>');
    expect(xml).toContain(
      '<infIntermed><CNPJ>03562067000108</CNPJ><idCadIntTran>padaria-do-ze</idCadIntTran></infIntermed>',
    );
    expect(xml).toContain('<tPag>03</tPag><vPag>21.00</vPag>');
  }, 60_000);
});
