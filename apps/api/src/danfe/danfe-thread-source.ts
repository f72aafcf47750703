/**
 * The code the DANFE thread runs, given as CommonJS source for `new Worker(…, { eval: true })` so
 * that it runs from the compiled `dist/` and from the TypeScript sources under the test runner
 * alike. All rendering lives in `@emissor/danfe` (loaded from the URL the renderer resolved); this
 * is only the message glue. A failure goes back as a message with the error's name, code and text.
 */
export const DANFE_THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.danfeUrl).then(({ renderDanfe }) => {
  parentPort.on('message', ({ id, xml, options }) => {
    renderDanfe(xml, options).then(
      (pdf) => parentPort.postMessage({ id, pdf }),
      (error) => parentPort.postMessage({
        id,
        error: { name: error && error.name, code: error && error.code, message: String(error && error.message) },
      }),
    );
  });
});
`;
