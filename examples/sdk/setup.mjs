// What every SDK example in this folder does around its emission: a client for the API, the
// branch's certificate and its serie 1, the example body it starts from, and reporting each NF-e.
// Run the examples as the README's "Your first NF-e" runs first-nfe.mjs:
//
//   EMISSOR_API_KEY=emk_… CERT_PASSWORD=… node examples/sdk/sale-on-credit.mjs emitente.pfx
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { createEmissorClient, isErrorCode } from '@emissor/client';

/** The bakery's branch: its certificate signs and its series numbers the examples' NF-e. */
export const branch = { tenant_ref: 'padaria-do-ze', branch_ref: 'matriz' };
/** Where the examples write the XML and DANFE they download. */
export const out = process.env.OUT_DIR ?? '.';

/**
 * examples/emission.json, the bakery's sale of two loaves to a person: the examples take its
 * emitter, customer and item (and its tax lines) and change what their operation changes.
 */
export async function emissionExample() {
  return JSON.parse(await readFile(new URL('../emission.json', import.meta.url), 'utf8'));
}

/** A client for the API, with the branch's certificate uploaded and its serie 1 in place. */
export async function connect() {
  const emissor = createEmissorClient({
    baseUrl: process.env.EMISSOR_URL ?? 'http://localhost:3000',
    apiKey: required('EMISSOR_API_KEY'),
  });
  const { emitente } = await emissionExample();
  const certificate = await emissor.uploadCertificate({
    query: branch,
    cnpj: emitente.cnpj,
    password: required('CERT_PASSWORD'),
    file: await readFile(process.argv[2] ?? 'emitente.pfx'),
  });
  if (certificate.status !== 201) fail('certificate upload', certificate);
  const series = await emissor.series.createSeries({
    body: { ...branch, serie: 1, next_number: 1 },
  });
  if (series.status !== 201 && !isErrorCode(series, 'series_already_exists'))
    fail('series', series);
  return emissor;
}

/**
 * Emits `body`, waiting up to 10 s for SEFAZ's answer (the client retries a failed request with
 * the same Idempotency-Key, so a retry never issues twice), and stops unless SEFAZ authorised it.
 */
export async function emitAuthorised(emissor, body, what) {
  const emitted = await emissor.emit(body, { wait: 10 });
  // 422: the request breaks a layout or SEFAZ rule; `detail` names the field and the rule.
  if (emitted.status !== 201 && emitted.status !== 200) fail(what, emitted);
  const document = emitted.body;
  console.log(`   NF-e ${document.numero}: ${document.status}, chave ${document.chave_acesso}`);
  if (document.status !== 'autorizada')
    fail(`${what}: SEFAZ answered ${document.rejeicao_codigo} ${document.rejeicao_motivo}`, {
      status: emitted.status,
      body: document,
    });
  return document;
}

/** Writes the document's nfeProc (the signed NF-e and SEFAZ's protocol) as nfe-<numero>.xml. */
export async function saveXml(emissor, document) {
  const xml = await emissor.documents.getDocumentXml({ params: { document_id: document.id } });
  if (xml.status !== 200) fail('xml', xml);
  const file = join(out, `nfe-${document.numero}.xml`);
  await writeFile(file, xml.body);
  console.log(`   wrote ${file}`);
  return xml.body;
}

/** Writes the document's DANFE (the printed NF-e) as danfe-<numero>.pdf. */
export async function saveDanfe(emissor, document) {
  const danfe = await emissor.documents.getDocumentDanfe({ params: { document_id: document.id } });
  if (danfe.status !== 200) fail('danfe', danfe);
  const file = join(out, `danfe-${document.numero}.pdf`);
  await writeFile(file, Buffer.from(await danfe.body.arrayBuffer()));
  console.log(`   wrote ${file}`);
}

/** The date `days` after today in São Paulo, YYYY-MM-DD (due dates, dates of the layout). */
export function daysFromToday(days) {
  const then = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return then.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
}

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name} (see the README, "Your first NF-e")`);
  return value;
}

export function fail(step, response) {
  console.error(`${step} failed: HTTP ${response.status}`, JSON.stringify(response.body));
  process.exit(1);
}
