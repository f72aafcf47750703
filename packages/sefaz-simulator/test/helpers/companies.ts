import type { Credentials } from '@emissor/signer';
import { readPkcs12 } from '@emissor/signer';
import { generateTestPfx } from '@emissor/test-support';

/** A company with its A1 certificate (ICP-Brasil CNPJ OID in the SAN): for TLS and for signing. */
export interface Company {
  readonly cnpj: string;
  readonly pfx: Uint8Array;
  readonly password: string;
  readonly credentials: Credentials;
}

export function company(cnpj: string): Company {
  const generated = generateTestPfx({ cnpj, cnpjLocation: 'san-printable-string' });
  return {
    cnpj,
    pfx: generated.pfx,
    password: generated.password,
    credentials: readPkcs12(generated.pfx, generated.password),
  };
}
