/** Why a text could not be read as XML. */
export type XmlErrorCode =
  /** Not well-formed XML (unclosed tags, bad references, mismatched end tags, bad names…). */
  | 'malformed'
  /** Well-formed XML outside what the reader takes: a DOCTYPE or another declaration, `xmlns:p=""`. */
  | 'unsupported';

/** Thrown by every reader of this package; the message says where, the code says why. */
export class XmlError extends Error {
  override name = 'XmlError';

  constructor(
    readonly code: XmlErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function malformed(message: string): XmlError {
  return new XmlError('malformed', message);
}

export function unsupported(message: string): XmlError {
  return new XmlError('unsupported', message);
}
