import { describe, expect, it } from 'vitest';

import { generateTestPfx } from '@emissor/test-support';
import type { CnpjLocation } from '@emissor/test-support';

import { cnpjOfCertificateDer } from './cnpj-from-certificate.js';

const der = (base64: string): Uint8Array => new Uint8Array(Buffer.from(base64, 'base64'));

describe('cnpjOfCertificateDer', () => {
  it.each<[CnpjLocation, string | undefined]>([
    ['san-and-cn', '06157250000116'],
    ['san-utf8-string', '06157250000116'],
    ['cn', '06157250000116'],
    ['cn-formatted', '06157250000116'],
    ['none', undefined],
  ])('reads the CNPJ of a certificate with it in %s', (cnpjLocation, expected) => {
    const pfx = generateTestPfx({ cnpj: '06157250000116', cnpjLocation, keySize: 1024 });
    expect(cnpjOfCertificateDer(der(pfx.certificateBase64))).toBe(expected);
  });

  it('gives undefined for bytes that are no certificate', () => {
    expect(cnpjOfCertificateDer(new Uint8Array([0x30, 0x03, 0x02, 0x01]))).toBeUndefined();
  });
});
