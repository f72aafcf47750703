import type { RequestHandler } from 'express';
import multer from 'multer';

import { appError, RequestValidationFailure } from '../../errors.js';

/** A certificate file over 100 KiB is a 413 (docs/api-rules.md); real A1 files are 3–10 KiB. */
export const MAX_CERTIFICATE_BYTES = 100 * 1024;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12 },
}).single('file');

/**
 * Parses the certificate form. multer's failures become the API's answers: too large → 413, a
 * malformed or truncated form → 422 on the body, never a 500.
 */
export const certificateForm: RequestHandler = (req, res, next) => {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') {
        return next(appError('payload_too_large', 'The certificate file is larger than 100 KiB.'));
      }
      const loc = error.field ? ['body', error.field] : ['body'];
      const type = error.code === 'LIMIT_UNEXPECTED_FILE' ? 'extra_forbidden' : 'value_error';
      return next(new RequestValidationFailure([{ loc, msg: error.message, type }]));
    }
    // busboy: truncated body, missing boundary, bad headers.
    next(
      new RequestValidationFailure([
        {
          loc: ['body'],
          msg: `Malformed multipart body: ${(error as Error).message}`,
          type: 'value_error',
        },
      ]),
    );
  });
};
