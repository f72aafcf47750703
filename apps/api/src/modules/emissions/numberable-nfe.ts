import {
  localDateTime,
  NfeValidationError,
  prepareNfe,
  ufInfo,
  type NfeRequest,
  type ResponsavelTecnico,
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

/** The issue date (`YYYY-MM-DD` in the emitter's state at `now`), which no due date may precede. */
function localDay(request: NfeRequest, now: Date | undefined): { issueDate?: string } {
  const uf = ufInfo(request.emitente.address_state);
  if (!uf || !now) return {};
  return { issueDate: localDateTime(now, uf).text.slice(0, 10) };
}

/**
 * Checks a request against the layout and builds everything of its XML that does not depend on
 * the number, before a number is taken. A request the layout cannot hold is a 422, never an invalid
 * document. The engine completes it with `render` (@emissor/nfe-xml's `PreparedNfe`), without
 * knowing how the parts are spliced.
 * `now` (the emission's clock) gives the year whose IBS/CBS test rates are checked (2026: IBS UF
 * 0.10 %, IBS Mun 0 %, CBS 0.90 %); without it no rate is checked. `responsavelTecnico` (the
 * deployment's RESP_TEC_*) is written as infRespTec in the document.
 */
export function prepareNumberableNfe(
  request: NfeRequest,
  now?: Date,
  responsavelTecnico?: ResponsavelTecnico,
): NumberableNfe {
  try {
    // A PreparedNfe is a NumberableNfe: the splicing of its parts stays inside @emissor/nfe-xml.
    return prepareNfe(request, {
      ibsCbs: localDate(request, now),
      ...localDay(request, now),
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
