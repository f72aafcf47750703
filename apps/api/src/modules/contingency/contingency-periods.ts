import type { Kysely } from 'kysely';

import type { Database, SefazContingencyTable } from '../../db/schema.js';

/** A UF and ambiente in SVC contingency since `startedAt` (an open row of sefaz_contingencies). */
export interface SvcPeriod {
  readonly uf: string;
  readonly ambiente: SefazContingencyTable['ambiente'];
  /** 6 SVC-AN, 7 SVC-RS. */
  readonly tpEmis: SefazContingencyTable['tp_emis'];
  /** ide/dhCont of the NF-e issued in the period. */
  readonly startedAt: Date;
  /** ide/xJust of the NF-e issued in the period. */
  readonly justification: string;
}

/**
 * Opens a period; false when the UF and ambiente already had one open (another process switched
 * first: its period stands, with its dhCont).
 */
export async function openSvcPeriod(db: Kysely<Database>, period: SvcPeriod): Promise<boolean> {
  const inserted = await db
    .insertInto('sefaz_contingencies')
    .values({
      uf: period.uf,
      ambiente: period.ambiente,
      tp_emis: period.tpEmis,
      started_at: period.startedAt,
      justification: period.justification,
    })
    .onConflict((oc) => oc.columns(['uf', 'ambiente']).where('ended_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Closes the open period of a UF and ambiente; false when there was none. */
export async function closeSvcPeriod(
  db: Kysely<Database>,
  key: { uf: string; ambiente: string },
  endedAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sefaz_contingencies')
    .set({ ended_at: endedAt })
    .where('uf', '=', key.uf)
    .where('ambiente', '=', key.ambiente as SvcPeriod['ambiente'])
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every open period. */
export async function openSvcPeriods(db: Kysely<Database>): Promise<SvcPeriod[]> {
  const rows = await db
    .selectFrom('sefaz_contingencies')
    .select(['uf', 'ambiente', 'tp_emis', 'started_at', 'justification'])
    .where('ended_at', 'is', null)
    .execute();
  return rows.map((r) => ({
    uf: r.uf,
    ambiente: r.ambiente,
    tpEmis: r.tp_emis,
    startedAt: r.started_at,
    justification: r.justification,
  }));
}

/** The last period of a UF and ambiente, open or not: what the status route tells. */
export async function lastSvcPeriod(
  db: Kysely<Database>,
  key: { uf: string; ambiente: string },
): Promise<(SvcPeriod & { endedAt: Date | null }) | undefined> {
  const row = await db
    .selectFrom('sefaz_contingencies')
    .select(['uf', 'ambiente', 'tp_emis', 'started_at', 'justification', 'ended_at'])
    .where('uf', '=', key.uf)
    .where('ambiente', '=', key.ambiente as SvcPeriod['ambiente'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      uf: row.uf,
      ambiente: row.ambiente,
      tpEmis: row.tp_emis,
      startedAt: row.started_at,
      justification: row.justification,
      endedAt: row.ended_at,
    }
  );
}
