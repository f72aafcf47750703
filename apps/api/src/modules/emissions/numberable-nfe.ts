import { NfeValidationError, prepareNfe, renderNfe, type NfeRequest } from '@emissor/nfe-xml';

import { RequestValidationFailure } from '../../errors.js';
import type { NumberableNfe } from './emission-job.js';

/**
 * Checks a request against the layout and builds everything of its XML that does not depend on
 * the number, before a number is taken. A request the layout cannot hold is a 422, never an invalid
 * document. The engine completes it with `render`, without knowing how the parts are spliced.
 */
export function prepareNumberableNfe(request: NfeRequest): NumberableNfe {
  let prepared;
  try {
    prepared = prepareNfe(request);
  } catch (error) {
    if (!(error instanceof NfeValidationError)) throw error;
    throw new RequestValidationFailure(
      error.issues.map((issue) => ({
        loc: ['body', ...issue.path],
        msg: issue.message,
        type: issue.type,
      })),
    );
  }
  return { render: (params) => renderNfe(prepared, params) };
}
