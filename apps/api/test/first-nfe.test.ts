// The README's "Your first NF-e", run as a newcomer runs it: the built API as its own process with
// the local SEFAZ, the admin CLI for the key and the development certificate, then
// examples/first-nfe.sh (curl) and examples/sdk/first-nfe.mjs (@emissor/client): emission, XML,
// DANFE, then the cancellation.
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { examples } from '@emissor/contract';
import { HAVE_PDF_TOOLS, pagesText, warnIfPdfToolsMissing } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { spawnApi, waitUntilReady, type ApiProcess } from './helpers/api-process.js';
import { createTestDatabase } from './helpers/database.js';
import { TEST_MASTER_KEY } from './helpers/server.js';

warnIfPdfToolsMissing('first-nfe');

const haveCurl = spawnSync('sh', ['-c', 'command -v curl']).status === 0;
if (!haveCurl) {
  const message = '[first-nfe] curl not installed (apt-get install curl)';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message}: the examples/first-nfe.sh test is skipped`);
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ADMIN = join(root, 'apps/api/bin/admin.mjs');
const dir = mkdtempSync(join(tmpdir(), 'emissor-first-nfe-'));

function run(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: dir, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

let api: ApiProcess;
let databaseUrl: string;
let apiKey: string;
let password: string;
const pfx = join(dir, 'emitente.pfx');
const data = join(dir, 'data');

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  api = await spawnApi(databaseUrl, {
    NODE_ENV: 'development',
    SEFAZ: 'simulator',
    EMISSOR_DATA_DIR: data,
    SEFAZ_POLL_MS: '50',
  });
  await waitUntilReady(api);

  // The README's two CLI steps.
  const product = await run(
    process.execPath,
    [ADMIN, 'product', 'create', '--name', 'demo', '--json'],
    { DATABASE_URL: databaseUrl, EMISSOR_MASTER_KEY: TEST_MASTER_KEY, EMISSOR_DATA_DIR: data },
  );
  expect(product.code, product.stderr).toBe(0);
  apiKey = (JSON.parse(product.stdout) as { api_key: string }).api_key;
  const certificate = await run(
    process.execPath,
    [ADMIN, 'dev-certificate', '--cnpj', examples.EXAMPLE_CNPJ, '--out', pfx, '--json'],
    { NODE_ENV: 'development' },
  );
  expect(certificate.code, certificate.stderr).toBe(0);
  password = (JSON.parse(certificate.stdout) as { password: string }).password;
}, 60_000);

afterAll(async () => {
  if (api) {
    api.child.kill('SIGTERM');
    await api.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** What each example leaves behind: an authorised nfeProc and its DANFE. */
function expectAuthorised(out: string, numero: number) {
  const xml = readFileSync(join(out, `nfe-${numero}.xml`), 'utf8');
  expect(xml).toMatch(/<nfeProc[^>]*>/);
  expect(xml).toContain('<cStat>100</cStat>');
  const chave = /<chNFe>(\d{44})<\/chNFe>/.exec(xml)?.[1];
  expect(chave).toBeDefined();
  const pdf = readFileSync(join(out, `danfe-${numero}.pdf`));
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  if (!HAVE_PDF_TOOLS) return;
  const [page] = pagesText(pdf);
  // The DANFE prints the chave in groups of four digits.
  expect(page?.replace(/\s/g, '')).toContain(chave);
  expect(page).toContain('PADARIA DO ZE LTDA');
}

/**
 * What each example's cancellation leaves behind, checked against the running API: the event
 * registered, the document `cancelada`, and the event's XML a procEventoNFe of event 110111.
 */
async function expectCancelled(out: string, numero: number) {
  const event = JSON.parse(readFileSync(join(out, 'cancel-answer.json'), 'utf8')) as {
    id: string;
    document_id: string;
  };
  expect(event).toMatchObject({ tipo: 'cancelamento', sequencia: 1, status: 'registrado' });
  const headers = { 'X-Api-Key': apiKey };

  const document = await fetch(`${api.url}/v1/documentos/${event.document_id}`, { headers });
  expect(document.status).toBe(200);
  expect(await document.json()).toMatchObject({ numero, status: 'cancelada' });

  const xml = await fetch(`${api.url}/v1/eventos/${event.id}/xml`, { headers });
  expect(xml.status).toBe(200);
  expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
  const proc = await xml.text();
  expect(proc).toMatch(/^(<\?xml[^>]*\?>)?<procEventoNFe[\s>]/);
  expect(proc).toContain('<tpEvento>110111</tpEvento>');
  expect(proc).toContain('<xJust>Pedido cancelado pelo cliente antes da entrega</xJust>');
  expect(proc).toMatch(/<retEvento[^>]*>.*<cStat>135<\/cStat>/s);
  // The example saved the same document.
  expect(readFileSync(join(out, `cancelamento-${numero}.xml`), 'utf8')).toBe(proc);
}

describe('Your first NF-e (README)', () => {
  it('examples/emission.json is the OpenAPI emission example', () => {
    const file = JSON.parse(readFileSync(join(root, 'examples/emission.json'), 'utf8')) as unknown;
    expect(file).toEqual(examples.EMISSION_EXAMPLE);
  });

  it.skipIf(!haveCurl)(
    'examples/first-nfe.sh gets an autorizada NF-e, its nfeProc and its DANFE, then cancels it',
    async () => {
      const out = join(dir, 'curl');
      mkdirSync(out);
      const script = await run('sh', [join(root, 'examples/first-nfe.sh'), pfx], {
        EMISSOR_URL: api.url,
        EMISSOR_API_KEY: apiKey,
        CERT_PASSWORD: password,
        OUT_DIR: out,
      });
      expect(script.code, `${script.stdout}\n${script.stderr}\n${api.output()}`).toBe(0);
      expect(script.stdout).toContain('NF-e 1: autorizada');
      const answer = JSON.parse(readFileSync(join(out, 'emission-answer.json'), 'utf8')) as object;
      expect(answer).toMatchObject({ numero: 1, status: 'autorizada', ambiente: 'homologacao' });
      expectAuthorised(out, 1);
      expect(script.stdout).toContain('NF-e 1: cancelada');
      await expectCancelled(out, 1);
    },
    60_000,
  );

  it('examples/sdk/first-nfe.mjs does the same through @emissor/client, cancellation included', async () => {
    const out = join(dir, 'sdk');
    mkdirSync(out);
    const script = await run(process.execPath, [join(root, 'examples/sdk/first-nfe.mjs'), pfx], {
      EMISSOR_URL: api.url,
      EMISSOR_API_KEY: apiKey,
      CERT_PASSWORD: password,
      OUT_DIR: out,
    });
    expect(script.code, `${script.stdout}\n${script.stderr}\n${api.output()}`).toBe(0);
    // After the curl script this is the branch's second NF-e (its series already exists).
    const numero = haveCurl ? 2 : 1;
    expect(script.stdout).toContain(`NF-e ${numero}: autorizada`);
    expectAuthorised(out, numero);
    expect(script.stdout).toContain(`NF-e ${numero}: cancelada`);
    await expectCancelled(out, numero);
  }, 60_000);
});
