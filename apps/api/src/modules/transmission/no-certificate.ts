import type { LaterAttempt } from '../../queue/attempt-result.js';

/** How long an attempt waits for a certificate the branch lacks before looking again. */
export const NO_CERTIFICATE_RETRY_MS = 60_000;

/** The result of an attempt whose branch has no live certificate (deleted meanwhile). */
export function noCertificate(): LaterAttempt {
  return {
    kind: 'later',
    delayMs: NO_CERTIFICATE_RETRY_MS,
    error: 'the branch has no live certificate',
  };
}

/**
 * Runs `attempt` with the credentials of the record's slot certificate, or waits for one: a
 * record (document, event, inutilização) is sent with the certificate its branch holds now.
 */
export async function withCertificate<Credentials, Result>(
  certificateId: string | null,
  credentialsOf: (certificateId: string) => Promise<Credentials>,
  attempt: (credentials: Credentials) => Promise<Result>,
): Promise<Result | LaterAttempt> {
  if (!certificateId) return noCertificate();
  return attempt(await credentialsOf(certificateId));
}
