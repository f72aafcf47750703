// @ts-check
// The code of the DANFE thread. Plain JavaScript checked by TypeScript (JSDoc types, `checkJs`),
// like the signing thread: a worker thread needs a file Node can run as it is, and this one runs
// unchanged from the sources (under the test runner) and from `dist/` (tsc copies it). All the
// rendering is @emissor/danfe's; this file is the message glue. Only the thread loads it (the
// renderer imports its types alone), so a process that never prints a DANFE never loads pdfkit.
import { isMainThread, parentPort } from 'node:worker_threads';

import { renderDanfe } from '@emissor/danfe';

/**
 * A failure as it crosses between threads: structured cloning keeps an Error's message but not
 * its class or its fields, so the `DanfeError` code and field path travel as data.
 *
 * @typedef {{ name: string; message: string; code?: string; path?: string }} DanfeErrorData
 * @typedef {{ id: number; xml: string; options: import('@emissor/danfe').DanfeOptions }} RenderRequest
 * @typedef {{ id: number; pdf: Uint8Array } | { id: number; error: DanfeErrorData }} RenderReply
 */

/**
 * @param {unknown} error
 * @returns {DanfeErrorData}
 */
function errorToData(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code, path } = /** @type {{ code?: unknown; path?: unknown }} */ (error);
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' && { code }),
    ...(typeof path === 'string' && { path }),
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (/** @type {RenderRequest} */ { id, xml, options }) => {
    renderDanfe(xml, options).then(
      (pdf) => port.postMessage(/** @type {RenderReply} */ ({ id, pdf })),
      (error) => port.postMessage(/** @type {RenderReply} */ ({ id, error: errorToData(error) })),
    );
  });
}
