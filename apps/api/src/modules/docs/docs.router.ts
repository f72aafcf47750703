import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import express, { type RequestHandler } from 'express';

import { docsPageHtml, DOCS_INIT_SCRIPT } from './docs-page.js';

/**
 * The API's own CSP is `default-src 'none'` (it serves JSON and XML). The docs page needs its
 * scripts, styles and images from this origin, and fetches /v1/openapi.json (connect-src).
 * Swagger UI sets inline `style` attributes, hence 'unsafe-inline' for styles only; no inline
 * script runs (the initialiser is a file), so scripts stay 'self'.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const docsHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  next();
};

/** The files of swagger-ui-dist the page loads: nothing else of the package is reachable. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];

/** Where the npm package keeps its files (resolved, so it works from src/, dist/ and a deploy). */
function swaggerUiDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** `GET /docs`: an API reference rendered by Swagger UI from /v1/openapi.json, served offline, no key. */
export function docsRouter(): express.Router {
  const dir = swaggerUiDir();
  const router = express.Router();
  router.use('/docs', docsHeaders);
  router.get('/docs', (_req, res) => {
    res.type('html').send(docsPageHtml());
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INIT_SCRIPT);
  });
  for (const asset of ASSETS) {
    router.get(`/docs/assets/${asset}`, (_req, res, next) => {
      // The bundle is versioned with the package; a day of caching is safe and saves 1.5 MB per visit.
      res.setHeader('Cache-Control', 'public, max-age=86400');
      res.sendFile(join(dir, asset), (err) => {
        if (err) next(err);
      });
    });
  }
  return router;
}
