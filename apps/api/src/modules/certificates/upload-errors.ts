import type { CertificateError } from '@emissor/signer';

import type { ValidationIssue } from '../../errors.js';

/** Certificate content problems are 422s on the form field at fault (docs/api-rules.md). */
const BY_CODE: Record<
  CertificateError['code'],
  { field: 'password' | 'file'; type: string; msg: string }
> = {
  password_invalid: {
    field: 'password',
    type: 'certificate_password_invalid',
    msg: 'The password does not open this certificate file.',
  },
  unreadable: {
    field: 'file',
    type: 'certificate_unreadable',
    msg: 'The file is not a readable PKCS#12 (.pfx) certificate.',
  },
  no_private_key: {
    field: 'file',
    type: 'certificate_no_private_key',
    msg: 'The file holds no private key.',
  },
  no_certificate: {
    field: 'file',
    type: 'certificate_unreadable',
    msg: 'The file holds no certificate for its private key.',
  },
  cnpj_missing: {
    field: 'file',
    type: 'certificate_cnpj_missing',
    msg: 'The certificate carries no CNPJ.',
  },
};

/** Never echoes the input: the field may be the password. */
export function certificateIssue(code: CertificateError['code']): ValidationIssue {
  const entry = BY_CODE[code];
  return { loc: ['body', entry.field], msg: entry.msg, type: entry.type };
}
