// The README's "Your first NF-e", run as a newcomer runs it: the built API as its own process with
// the local SEFAZ, the admin CLI for the key and the development certificate, then
// examples/first-nfe.sh (curl) and examples/sdk/first-nfe.mjs (@emissor/client): emission, XML,
// DANFE, then the cancellation.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { examples } from '@emissor/contract';
import { HAVE_PDF_TOOLS, pagesText, warnIfPdfToolsMissing } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { repoRoot } from '../../src/paths.js';
import { spawnedApiUser, type SpawnedApiUser } from '../helpers/spawned-api-user.js';

warnIfPdfToolsMissing('first-nfe');

const haveCurl = spawnSync('sh', ['-c', 'command -v curl']).status === 0;
if (!haveCurl) {
  const message = '[first-nfe] curl not installed (apt-get install curl)';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message}: the examples/first-nfe.sh test is skipped`);
}

let user: SpawnedApiUser;
beforeAll(async () => {
  user = await spawnedApiUser('first-nfe');
}, 60_000);
afterAll(() => user?.close());

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
  const headers = { 'X-Api-Key': user.apiKey };

  const document = await fetch(`${user.api.url}/v1/documentos/${event.document_id}`, { headers });
  expect(document.status).toBe(200);
  expect(await document.json()).toMatchObject({ numero, status: 'cancelada' });

  const xml = await fetch(`${user.api.url}/v1/eventos/${event.id}/xml`, { headers });
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
    const file = JSON.parse(
      readFileSync(join(repoRoot, 'examples/emission.json'), 'utf8'),
    ) as unknown;
    expect(file).toEqual(examples.EMISSION_EXAMPLE);
  });

  it.skipIf(!haveCurl)(
    'examples/first-nfe.sh gets an autorizada NF-e, its nfeProc and its DANFE, then cancels it',
    async () => {
      const out = join(user.dir, 'curl');
      mkdirSync(out);
      const script = await user.runExample('sh', join(repoRoot, 'examples/first-nfe.sh'), out);
      expect(script.code, `${script.stdout}\n${script.stderr}\n${user.api.output()}`).toBe(0);
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
    const out = join(user.dir, 'sdk');
    mkdirSync(out);
    const script = await user.runExample(
      process.execPath,
      join(repoRoot, 'examples/sdk/first-nfe.mjs'),
      out,
    );
    expect(script.code, `${script.stdout}\n${script.stderr}\n${user.api.output()}`).toBe(0);
    // After the curl script this is the branch's second NF-e (its series already exists).
    const numero = haveCurl ? 2 : 1;
    expect(script.stdout).toContain(`NF-e ${numero}: autorizada`);
    expectAuthorised(out, numero);
    expect(script.stdout).toContain(`NF-e ${numero}: cancelada`);
    await expectCancelled(out, numero);
  }, 60_000);
});
