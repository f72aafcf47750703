// The read-back tools live in @emissor/test-support (the API's DANFE route reads its PDFs with them
// too); this file keeps the package's tests importing one local name.
import { HAVE_PDF_TOOLS, warnIfPdfToolsMissing } from '@emissor/test-support';

warnIfPdfToolsMissing('danfe');

export const HAVE_TOOLS = HAVE_PDF_TOOLS;
export {
  count,
  decodeBarcodes,
  imagesPerPage,
  pageAsJpeg,
  pageCount,
  pagesText,
  rawText,
} from '@emissor/test-support';
