import {
  NfeValidationError,
  prepareNfe,
  type NfeRequest,
  type ResponsavelTecnico,
} from '@emissor/nfe-xml';

import { RequestValidationFailure } from '../../errors.js';
import type { NumberableNfe } from './emission-job.js';

/**
 * Checks a request against the layout and builds everything of its XML that does not depend on
 * the number, before a number is taken. A request the layout cannot hold is a 422, never an invalid
 * document. The engine completes it with `render` (@emissor/nfe-xml's `PreparedNfe`), without
 * knowing how the parts are spliced.
 * Nothing here depends on the day: the rules that compare the request with the date of issue (due
 * dates, batches, dhSaiEnt, the IBS/CBS rates of the year — 2026: IBS UF 0.10 %, IBS Mun 0 %, CBS
 * 0.90 %) run when the document is rendered for its instant, after the idempotency key's replay
 * and before a number is taken (`refuseUnsendable`). So a retry on another day replays its stored
 * document instead of being judged by that day. `responsavelTecnico` (the deployment's RESP_TEC_*)
 * is written as infRespTec in the document.
 */
export function prepareNumberableNfe(
  request: NfeRequest,
  responsavelTecnico?: ResponsavelTecnico,
): NumberableNfe {
  try {
    // A PreparedNfe is a NumberableNfe: the splicing of its parts stays inside @emissor/nfe-xml.
    return prepareNfe(request, {
      ibsCbs: { atIssue: true },
      ...(responsavelTecnico ? { responsavelTecnico } : {}),
    });
  } catch (error) {
    throw asRequestValidationFailure(error);
  }
}

/** The builder's issues as the 422 of the request body; any other error as it is. */
export function asRequestValidationFailure(error: unknown): unknown {
  if (!(error instanceof NfeValidationError)) return error;
  return new RequestValidationFailure(
    error.issues.map((issue) => ({
      loc: ['body', ...issue.path],
      msg: issue.message,
      type: issue.type,
    })),
  );
}
