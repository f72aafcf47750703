/**
 * The code a signing thread runs. It is given as source (a CommonJS script for `new Worker(…,
 * { eval: true })`) rather than as a module file, so that the same pool runs from the compiled
 * `dist/` and from the TypeScript sources under the test runner, where no `.js` file sits next to
 * this one. It loads `@emissor/signer` from the URL the pool resolved, then signs and verifies each
 * document it is sent; a failure is reported as a message, never as a thrown error.
 */
export const SIGNING_THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.signerUrl).then(({ signNfe, verifyNfe }) => {
  parentPort.on('message', ({ id, xml, credentials }) => {
    try {
      const signed = signNfe(xml, credentials);
      const verification = verifyNfe(signed);
      if (!verification.valid) throw new Error('freshly signed document failed verification: ' + verification.reason);
      parentPort.postMessage({ id, signed });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
`;
