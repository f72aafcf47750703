/** Why a message could not be built from the given input. */
export type SefazMessageErrorCode = 'invalid_input';

/**
 * Thrown by the message builders when an input would make a message its schema rejects (a lot id
 * that is not 1–15 digits, a justification outside 15–255 characters, a chave of the wrong
 * length…). Callers validate user input first; this guards against sending what SEFAZ answers
 * with 215/225. `field` names the offending input.
 */
export class SefazMessageError extends Error {
  override name = 'SefazMessageError';
  readonly code: SefazMessageErrorCode = 'invalid_input';

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}
