import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { createDevCertificate, DevCertificateError } from '@emissor/signer';

/** A problem the operator fixes by changing the command line or the environment. */
export class AdminUsageError extends Error {}

export interface DevCertificateRequest {
  readonly cnpj: string | undefined;
  readonly out: string | undefined;
  readonly password: string | undefined;
  readonly companyName: string | undefined;
  /** NODE_ENV as given (unset means development, as everywhere else). */
  readonly nodeEnv: string | undefined;
}

export interface WrittenDevCertificate {
  readonly file: string;
  readonly cnpj: string;
  readonly subject_cn: string;
  readonly not_before: string;
  readonly not_after: string;
  /** Generated when none was given; the caller prints it once, like an API key. */
  readonly password: string;
}

/**
 * `pnpm admin dev-certificate`: writes an A1-like certificate (the CNPJ in the ICP-Brasil otherName,
 * a year of validity) that the API accepts, for development without a real e-CNPJ. Refused with
 * NODE_ENV=production: a production API must only ever sign with a certificate SEFAZ accepts.
 */
export function writeDevCertificate(
  request: DevCertificateRequest,
  now: Date,
): WrittenDevCertificate {
  if (request.nodeEnv === 'production')
    throw new AdminUsageError(
      'dev-certificate is for development only; it is refused with NODE_ENV=production',
    );
  const cnpj = request.cnpj;
  if (!cnpj) throw new AdminUsageError('--cnpj <14 characters> is required');
  const password = request.password ?? randomBytes(12).toString('base64url');
  const file = resolve(request.out ?? `dev-certificate-${cnpj}.pfx`);

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let certificate;
  try {
    certificate = createDevCertificate({
      cnpj,
      password,
      now,
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      randomBytes,
      ...(request.companyName === undefined ? {} : { companyName: request.companyName }),
    });
  } catch (error) {
    if (error instanceof DevCertificateError) throw new AdminUsageError(error.message);
    throw error;
  }
  try {
    // `wx`: never overwrite a file, which could be someone's real certificate.
    writeFileSync(file, certificate.pfx, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST')
      throw new AdminUsageError(`${file} already exists; choose another --out`);
    throw error;
  }
  return {
    file,
    cnpj,
    subject_cn: certificate.subjectCn,
    not_before: certificate.notBefore.toISOString(),
    not_after: certificate.notAfter.toISOString(),
    password,
  };
}
