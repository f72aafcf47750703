import { generateTestPfx, type TestPfx, type TestPfxOptions } from '@emissor/test-support';

const cache = new Map<string, TestPfx>();

/** Generated test certificates, memoised per option set (RSA key generation is the slow part). */
export function testPfx(options: TestPfxOptions = {}): TestPfx {
  const key = JSON.stringify(options);
  let pfx = cache.get(key);
  if (!pfx) {
    pfx = generateTestPfx({ keySize: 2048, ...options });
    cache.set(key, pfx);
  }
  return pfx;
}

/** Posts a multipart upload the way any HTTP client would (no SDK involved). */
export async function postCertificate(
  baseUrl: string,
  apiKey: string,
  query: { tenant_ref: string; branch_ref: string },
  fields: { cnpj?: string; password?: string; file?: Uint8Array; filename?: string },
) {
  const form = new FormData();
  if (fields.cnpj !== undefined) form.set('cnpj', fields.cnpj);
  if (fields.password !== undefined) form.set('password', fields.password);
  if (fields.file !== undefined)
    form.set('file', new Blob([fields.file]), fields.filename ?? 'cert.pfx');
  const res = await fetch(`${baseUrl}/v1/certificados?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, text: '' };
}
