// A1 files as OpenSSL writes them (the modern AES one and the legacy RC2/3DES one), protected by a
// password a Brazilian company would choose: uploaded, then used to sign, over real HTTP.
import { opensslPfx, type PfxEncoding } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate, testPfx } from './helpers/certificates.js';
import { EMITTER_CNPJ, emissionRequest, newKey } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let product: Awaited<ReturnType<TestServer['newProduct']>>;
const password = 'Certificação-Ação-é€';

beforeAll(async () => {
  server = await startTestServer();
  product = await server.newProduct();
});
afterAll(() => server.close());

describe('certificate passwords with ç, ã, é', () => {
  it.each<PfxEncoding>(['aes', 'legacy'])(
    'the %s file opens with its password, signs an emission, and refuses the same letters unaccented',
    async (encoding) => {
      const refs = { tenant_ref: 'senhas', branch_ref: encoding };
      const pfx = opensslPfx(testPfx({ cnpj: EMITTER_CNPJ }), password, encoding);

      const wrong = await postCertificate(server.url, product.apiKey, refs, {
        cnpj: EMITTER_CNPJ,
        password: 'Certificacao-Acao-e€',
        file: pfx,
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.detail[0]).toMatchObject({
        loc: ['body', 'password'],
        type: 'certificate_password_invalid',
      });

      const uploaded = await postCertificate(server.url, product.apiKey, refs, {
        cnpj: EMITTER_CNPJ,
        password,
        file: pfx,
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      expect(uploaded.body.cnpj).toBe(EMITTER_CNPJ);

      const series = await product.client.series.createSeries({
        body: { ...refs, serie: 1, next_number: 1 },
      });
      expect(series.status).toBe(201);
      const emitted = await product.client.emissions.emit({
        headers: { 'idempotency-key': newKey() },
        body: emissionRequest(refs),
      });
      expect(emitted.status).toBe(201);
      expect(server.logs.join('\n')).not.toContain(password);
    },
  );
});
