import { afterAll, describe, expect, it } from 'vitest';

import { createDanfeRenderer, DanfeRenderFailure } from './danfe-renderer.js';

/* The thread is the real one (danfe-thread.js, loaded by file as in production). */
const renderer = createDanfeRenderer();
afterAll(() => renderer.close());

describe('DANFE thread', () => {
  it('brings a DanfeError back with its name, code and message', async () => {
    const failure: unknown = await renderer.render('<NFe><infNFe>', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DanfeRenderFailure);
    expect(failure).toMatchObject({ errorName: 'DanfeError', code: 'malformed_xml' });
    expect((failure as Error).message).not.toBe('');
  });

  it('keeps serving after a refused document, and refuses a non-NF-e by its code', async () => {
    const failure = await renderer.render('<html/>', {}).catch((e: unknown) => e);
    expect(failure).toMatchObject({ errorName: 'DanfeError', code: 'not_nfe' });
  });
});
