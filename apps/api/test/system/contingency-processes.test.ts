// SVC contingency across a crash: a built API process (SEFAZ=official at a local SEFAZ with its
// SVC) is killed with SIGKILL the moment it switches SP to SVC-AN, while the documents waiting for
// the authoriser are being re-issued; a second process carries on. Nothing is lost and no number
// is authorised twice: each document ends autorizada under the one chave SEFAZ registered.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from '../helpers/emission.js';
import { untilDocumentsFinal } from '../helpers/local-sefaz.js';
import { startProcessStack, type ProcessStack } from '../helpers/process-stack.js';

let stack: ProcessStack;
beforeAll(async () => {
  stack = await startProcessStack();
});
afterAll(async () => {
  await stack?.admin.knobs({ outage: null }).catch(() => undefined);
  await stack?.close();
});

const transmittingApi = () => stack.transmittingApi({ SEFAZ_CONTINGENCY_AFTER_S: '1' });

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('SVC contingency across processes', () => {
  it('kill -9 while SP switches to SVC: a second process finishes every document, each number authorised once', async () => {
    const product = await stack.setup.newProduct();
    const refs = { tenant_ref: 'svc-crash', branch_ref: 'f1' };
    await prepareBranch(stack.setup.url, product, refs, { nextNumber: 900 });
    await stack.admin.knobs({ outage: { cStat: '108', ufs: ['SP'], svc: true } });

    const first = await transmittingApi();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${first.url}/v1/emissoes`, {
        method: 'POST',
        headers: {
          'x-api-key': product.apiKey,
          'content-type': 'application/json',
          'idempotency-key': newKey(),
        },
        body: JSON.stringify(emissionRequest(refs)),
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    // The switch: the period opens, then the waiting documents are re-issued and sent to SVC.
    await expect
      .poll(() => query('select 1 from sefaz_contingencies where ended_at is null'), {
        timeout: 20_000,
        interval: 20,
      })
      .toHaveLength(1);
    first.child.kill('SIGKILL');
    await first.exited;

    // Documents the dead process had claimed may have been sent: they wait for the authoriser,
    // whose outage ends once the second process has had time to send the rest to SVC.
    await transmittingApi();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await stack.admin.knobs({ outage: null });
    const finals = await untilDocumentsFinal(product.client, ids, 60_000);
    expect(finals.map((d) => d.status)).toEqual(Array(ids.length).fill('autorizada'));

    const registered = await query<{ chave: string; numero: string }>(
      `select chave, numero from sefaz_simulator.nfe where emitente = $1 and serie = $2`,
      [finals[0]?.chave_acesso.slice(6, 20), finals[0]?.serie],
    );
    const byNumber = new Map(registered.map((r) => [Number(r.numero), r.chave]));
    for (const d of finals) expect(byNumber.get(d.numero)).toBe(d.chave_acesso);
    // The crash fell in the switch: some documents went through SVC.
    expect(finals.filter((d) => d.chave_acesso.charAt(34) === '6').length).toBeGreaterThan(0);
  });
});
