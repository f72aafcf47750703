import type { EmissorClient } from '@emissor/client';
import { expect } from 'vitest';

import { emissionRequest } from './emission.js';
import { untilFinal, type simulatorAdmin } from './local-sefaz.js';
import type { TestServer } from './server.js';

/**
 * Emits an NF-e that the local SEFAZ rejects with 778: an outage holds it in the queue (so its
 * chave is known before SEFAZ judges it), the chave gets a forced rejection, the outage ends.
 * Resolves with the document once `rejeitada`.
 */
export async function rejectedDocument(
  server: TestServer,
  admin: ReturnType<typeof simulatorAdmin>,
  client: EmissorClient,
  refs: { tenant_ref: string; branch_ref: string },
) {
  await admin.knobs({ outage: { cStat: '108' } });
  let id: string;
  try {
    const res = await client.emit(emissionRequest(refs));
    if (res.status !== 201) throw new Error(`emission failed: ${res.status}`);
    id = res.body.id;
    await expect
      .poll(async () => {
        const { rows } = await server.database.pool.query<{ last_cstat: string | null }>(
          'select last_cstat from transmission_queue where document_id = $1',
          [id],
        );
        return rows[0]?.last_cstat;
      })
      .toBe('108');
    await admin.forceOutcome(res.body.chave_acesso, {
      action: 'reject',
      cStat: '778',
      xMotivo: 'Rejeição: Informado NCM inexistente',
    });
  } finally {
    await admin.knobs({ outage: null });
  }
  return untilFinal(async () => {
    const res = await client.documents.getDocument({ params: { document_id: id } });
    if (res.status !== 200) throw new Error(`read failed: ${res.status}`);
    return res.body;
  });
}
