import { randomUUID } from 'node:crypto';

import type { EmissorClient } from '@emissor/client';
import { EMITTER_CNPJ, emissionRequest } from '@emissor/test-support';

import { postCertificate, testPfx } from './certificates.js';

// The request every API test sends is the one the benchmarks and the other packages' tests send.
export { EMITTER_CNPJ, emissionRequest };

export const newKey = () => randomUUID();

/** A series and a live certificate for `refs`, ready to emit. */
export async function prepareBranch(
  baseUrl: string,
  product: { apiKey: string; client: EmissorClient },
  refs: { tenant_ref: string; branch_ref: string },
  options: { serie?: number; nextNumber?: number } = {},
) {
  const series = await product.client.series.createSeries({
    body: { ...refs, serie: options.serie ?? 1, next_number: options.nextNumber ?? 1 },
  });
  if (series.status !== 201) throw new Error(`series setup failed: ${series.status}`);
  const pfx = testPfx({ cnpj: EMITTER_CNPJ });
  const cert = await postCertificate(baseUrl, product.apiKey, refs, {
    cnpj: EMITTER_CNPJ,
    password: pfx.password,
    file: pfx.pfx,
  });
  if (cert.status !== 201)
    throw new Error(`certificate setup failed: ${cert.status} ${JSON.stringify(cert.body)}`);
  return { seriesId: series.body.id, certificateId: cert.body.id as string };
}

/** Emits `body` under a new idempotency key: the 201's document, or an error (for test set-up). */
export async function emitDocument(
  client: EmissorClient,
  body: ReturnType<typeof emissionRequest>,
) {
  const res = await client.emissions.emit({ headers: { 'idempotency-key': newKey() }, body });
  if (res.status !== 201)
    throw new Error(`emission failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * POST /v1/emissoes with `body` as given (bad input included: no SDK types in the way), under a
 * new idempotency key unless `options.key` names one.
 */
export async function postEmission(
  baseUrl: string,
  apiKey: string,
  body: unknown,
  options: { prefer?: string; key?: string } = {},
) {
  const res = await fetch(`${baseUrl}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      'idempotency-key': options.key ?? newKey(),
      ...(options.prefer && { prefer: options.prefer }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** GET /v1/documentos/{id}/xml: the stored NF-e, or its nfeProc once authorised. */
export async function documentXml(baseUrl: string, apiKey: string, id: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/documentos/${id}/xml`, {
    headers: { 'x-api-key': apiKey },
  });
  return res.text();
}
