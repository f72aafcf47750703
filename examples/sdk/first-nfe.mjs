// Your first NF-e with the typed SDK (@emissor/client): the same steps as examples/first-nfe.sh.
//
//   EMISSOR_API_KEY=emk_… CERT_PASSWORD=… node examples/sdk/first-nfe.mjs emitente.pfx
//
// In your own project: `npm install` the packed client (packages/client/README.md) and copy this.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { createEmissorClient, isErrorCode } from '@emissor/client';

const emissor = createEmissorClient({
  baseUrl: process.env.EMISSOR_URL ?? 'http://localhost:3000',
  apiKey: required('EMISSOR_API_KEY'),
});
const out = process.env.OUT_DIR ?? '.';
const branch = { tenant_ref: 'padaria-do-ze', branch_ref: 'matriz' };
const request = JSON.parse(await readFile(new URL('../emission.json', import.meta.url), 'utf8'));

console.log("1. Upload the branch's A1 certificate");
const certificate = await emissor.uploadCertificate({
  query: branch,
  cnpj: request.emitente.cnpj,
  password: required('CERT_PASSWORD'),
  file: await readFile(process.argv[2] ?? 'emitente.pfx'),
});
if (certificate.status !== 201) fail('certificate upload', certificate);

console.log('2. Create serie 1 (already there on a second run)');
const series = await emissor.series.createSeries({ body: { ...branch, serie: 1, next_number: 1 } });
if (series.status !== 201 && !isErrorCode(series, 'series_already_exists')) fail('series', series);

console.log("3. Emit, waiting up to 10 s for SEFAZ's answer (retries reuse one Idempotency-Key)");
const emitted = await emissor.emit(request, { wait: 10 });
if (emitted.status !== 201 && emitted.status !== 200) fail('emission', emitted);
const document = emitted.body;
console.log(`   NF-e ${document.numero}: ${document.status}, chave ${document.chave_acesso}`);

console.log('4. Download the XML and the DANFE');
const params = { document_id: document.id };
const xml = await emissor.documents.getDocumentXml({ params });
if (xml.status !== 200) fail('xml', xml);
await writeFile(join(out, `nfe-${document.numero}.xml`), xml.body);
const danfe = await emissor.documents.getDocumentDanfe({ params });
if (danfe.status !== 200) fail('danfe', danfe);
await writeFile(
  join(out, `danfe-${document.numero}.pdf`),
  Buffer.from(await danfe.body.arrayBuffer()),
);
console.log(`   wrote nfe-${document.numero}.xml and danfe-${document.numero}.pdf in ${out}`);

console.log('5. Cancel it (event 110111), waiting up to 10 s for SEFAZ to register the event');
const justificativa = 'Pedido cancelado pelo cliente antes da entrega';
const cancelled = await emissor.cancel(document.id, justificativa, { wait: 10 });
if (cancelled.status !== 201 && cancelled.status !== 200) fail('cancellation', cancelled);
const event = cancelled.body;
await writeFile(join(out, 'cancel-answer.json'), JSON.stringify(event));
console.log(`   event ${event.id}: ${event.status}, protocolo ${event.protocolo}`);
const after = await emissor.documents.getDocument({ params });
if (after.status !== 200) fail('document', after);
console.log(`   NF-e ${after.body.numero}: ${after.body.status}`);
const eventXml = await emissor.events.getEventXml({ params: { event_id: event.id } });
if (eventXml.status !== 200) fail('event xml', eventXml);
await writeFile(join(out, `cancelamento-${document.numero}.xml`), eventXml.body);
console.log(`   wrote cancelamento-${document.numero}.xml in ${out}`);

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name} (see the README, "Your first NF-e")`);
  return value;
}

function fail(step, response) {
  console.error(`${step} failed: HTTP ${response.status}`, JSON.stringify(response.body));
  process.exit(1);
}
