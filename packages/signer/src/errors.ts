import { XmlError } from '@emissor/xml';

/** Why a PKCS#12 file could not be turned into signing credentials. */
export type CertificateErrorCode =
  'password_invalid' | 'unreadable' | 'no_private_key' | 'no_certificate' | 'cnpj_missing';

/**
 * Thrown by `readPkcs12`. The message is for logs and never contains the password; branch on
 * `code`.
 */
export class CertificateError extends Error {
  override name = 'CertificateError';

  constructor(
    readonly code: CertificateErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Why an XML document could not be signed (or canonicalised). */
export type XmlSignErrorCode =
  /** Not well-formed XML (unclosed tags, bad references, mismatched end tags…). */
  | 'malformed'
  /** Valid XML outside the subset NF-e uses: DOCTYPE, processing instructions inside infNFe, xml:* attributes on ancestors. */
  | 'unsupported'
  /** No `infNFe` element, or one without an `Id` attribute. */
  | 'no_infnfe'
  /** `signElement`: no element of the given name, or one without an `Id` attribute. */
  | 'no_element'
  /** The NF-e already carries a `Signature` after `infNFe`. */
  | 'already_signed';

/** Thrown by `signNfe`, `signElement` and `canonicalizeInfNfe` for input they cannot handle. */
export class XmlSignError extends Error {
  override name = 'XmlSignError';

  constructor(
    readonly code: XmlSignErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function malformed(message: string): XmlSignError {
  return new XmlSignError('malformed', message);
}

/**
 * Runs `read`, reporting the XML reader's errors (`@emissor/xml`, which the signer reads with) as
 * the XmlSignError its callers are promised, with the same code and message.
 */
export function withSignErrors<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof XmlError) throw new XmlSignError(error.code, error.message);
    throw error;
  }
}
