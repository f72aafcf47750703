/** How a call to SEFAZ failed before a readable answer came back. */
export type TransportErrorCode =
  /** DNS failure, connection refused or unreachable: no byte of the request left. */
  | 'connect_failed'
  /** The TLS handshake failed (server certificate not trusted, client certificate refused…). */
  | 'tls_failed'
  /** No answer in time. */
  | 'timeout'
  /** The connection broke (reset, closed early). */
  | 'connection_lost'
  /** An HTTP status other than 2xx (a SOAP Fault body included). */
  | 'http_status'
  /** The answer exceeded the size limit. */
  | 'answer_too_large';

/**
 * Thrown by the transport. `requestSent` tells whether the whole request may have reached the
 * server: only then can SEFAZ have acted on it, and a lost answer leaves the outcome unknown.
 */
export class TransportError extends Error {
  override name = 'TransportError';

  constructor(
    readonly code: TransportErrorCode,
    message: string,
    readonly requestSent: boolean,
    readonly httpStatus?: number,
    readonly body?: string,
  ) {
    super(message);
  }
}
