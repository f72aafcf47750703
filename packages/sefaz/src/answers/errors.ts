/** Why an answer could not be read. */
export type SefazAnswerErrorCode =
  /** The bytes are not well-formed XML. */
  | 'not_xml'
  /** A SOAP Fault instead of a message (the reason is in `message`). */
  | 'soap_fault'
  /** Well-formed, but no NF-e message in it (an HTML error page, an unknown root, a missing cStat). */
  | 'no_message'
  /** A message of another service than the one asked (`retConsSitNFe` when `retEnviNFe` was due). */
  | 'unexpected_message';

/**
 * Thrown by the answer parsers. An unreadable answer to a request that changes state leaves its
 * outcome unknown: `classifyUnreadableAnswer` says what to do.
 */
export class SefazAnswerError extends Error {
  override name = 'SefazAnswerError';

  constructor(
    readonly code: SefazAnswerErrorCode,
    message: string,
  ) {
    super(message);
  }
}
