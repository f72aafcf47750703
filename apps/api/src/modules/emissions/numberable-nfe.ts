import {
  localDateTime,
  NfeValidationError,
  prepareNfe,
  renderNfe,
  ufInfo,
  type NfeRequest,
} from '@emissor/nfe-xml';

import { RequestValidationFailure } from '../../errors.js';
import type { NumberableNfe } from './emission-job.js';

/**
 * The year in the emitter's state at `now`, which picks the IBS/CBS rates of the test years, and
 * the month (`YYYY-MM`), which no competApur may follow.
 */
function localDate(request: NfeRequest, now: Date | undefined): { year?: number; period?: string } {
  const uf = ufInfo(request.emitente.address_state);
  if (!uf || !now) return {};
  const { year, month } = localDateTime(now, uf);
  return { year, period: `${year}-${String(month).padStart(2, '0')}` };
}

/**
 * Checks a request against the layout and builds everything of its XML that does not depend on
 * the number, before a number is taken. A request the layout cannot hold is a 422, never an invalid
 * document. The engine completes it with `render`, without knowing how the parts are spliced.
 * `now` (the emission's clock) gives the year whose IBS/CBS test rates are checked (2026: IBS UF
 * 0.10 %, IBS Mun 0 %, CBS 0.90 %); without it no rate is checked.
 */
export function prepareNumberableNfe(request: NfeRequest, now?: Date): NumberableNfe {
  let prepared;
  try {
    prepared = prepareNfe(request, { ibsCbs: localDate(request, now) });
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
