import { sql, type Expression, type Kysely, type Selectable, type Transaction } from 'kysely';

import type { Database, SefazStatusTable } from '../../db/schema.js';
import type { AuthoriserHealth } from './authoriser-health.js';
import { recoveryGate, type RecoveryGate } from './failure-recovery.js';
import { statusKeyId, type StatusKey } from './status-key.js';
import type { AskOutcome } from './ask-outcome.js';

/** How long an answer is shared: SEFAZ wants at most one status call every 3 minutes (sefaz.md §7). */
export const ANSWER_TTL_MS = 3 * 60_000;
/**
 * After an attempt that got no answer, the next waits this long: failures cannot loop either, and
 * even if every attempt failed after reaching SEFAZ, that is at most 40 an hour (§7's limit).
 */
export const FAILURE_TTL_MS = 90_000;

/** Any constant works; it only has to be the same in every Emissor process (and differ from the migration lock). */
const LOCK_CLASS = 724_311_956;

export interface StatusAnswer {
  readonly codigo: string;
  readonly motivo: string;
  readonly tempoMedioS: number | null;
  readonly consultadoEm: Date;
  /** Whole seconds since SEFAZ gave it, by the database's clock (0 when asked for this request). */
  readonly ageS: number;
}

export type CachedStatus =
  | { readonly kind: 'answer'; readonly answer: StatusAnswer }
  | { readonly kind: 'failed'; readonly reason: string; readonly retryAfterS: number };

export interface StatusCache {
  /** The fresh answer of the key, or what `ask` brings (called only when none is fresh). */
  get(key: StatusKey, ask: () => Promise<AskOutcome>): Promise<CachedStatus>;
}

/** The key's row, with the ages of its answer and of its last attempt by the database's clock. */
type Row = Pick<
  Selectable<SefazStatusTable>,
  'codigo' | 'motivo' | 'tempo_medio_s' | 'consultado_em' | 'falha'
> & { answer_age_ms: number | null; attempt_age_ms: number };

/**
 * The status cache in PostgreSQL (table `sefaz_status`). A transaction-scoped advisory lock per
 * authoriser and ambiente makes processes take turns: while one asks SEFAZ, the others wait and
 * then read its answer, so a burst on N processes still asks once. Within a process, concurrent
 * requests for a key share one turn, so a slow authoriser holds one connection, not one per
 * request. Ages are measured by the database's clock, the one clock every process shares.
 *
 * A failure stops being served once `health` has seen an exchange with the authoriser answer
 * after it: the next request asks SEFAZ again instead of answering 503 until the failure expires.
 * Answers SEFAZ gave keep their 3 minutes whatever happens (asking more often is what SEFAZ calls
 * consumo indevido); the route says how old they are.
 */
export function createStatusCache(db: Kysely<Database>, health: AuthoriserHealth): StatusCache {
  const inFlight = new Map<string, Promise<CachedStatus>>();
  const recovery = recoveryGate(health);
  return {
    get(key, ask) {
      const id = statusKeyId(key);
      let pending = inFlight.get(id);
      if (!pending) {
        pending = readOrAsk(db, key, ask, recovery).finally(() => inFlight.delete(id));
        inFlight.set(id, pending);
      }
      return pending;
    },
  };
}

/** Now by the clock of the database, which every process shares. */
const databaseNow = sql<Date>`clock_timestamp()`;

function millisecondsSince(moment: Expression<Date | null>) {
  return sql<number | null>`(extract(epoch from ${databaseNow} - ${moment}) * 1000)::float8`;
}

async function readOrAsk(
  db: Kysely<Database>,
  key: StatusKey,
  ask: () => Promise<AskOutcome>,
  recovery: RecoveryGate,
): Promise<CachedStatus> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${statusKeyId(key)}))`.execute(
      trx,
    );
    const row: Row | undefined = await trx
      .selectFrom('sefaz_status')
      .select((eb) => [
        'codigo',
        'motivo',
        'tempo_medio_s',
        'consultado_em',
        'falha',
        millisecondsSince(eb.ref('consultado_em')).as('answer_age_ms'),
        millisecondsSince(eb.ref('tentado_em')).$notNull().as('attempt_age_ms'),
      ])
      .where('autorizador', '=', key.autorizador)
      .where('ambiente', '=', key.ambiente)
      .executeTakeFirst();
    const cached = fresh(row);
    const superseded =
      cached?.kind === 'failed' &&
      row !== undefined &&
      recovery.superseded(key, row.attempt_age_ms);
    if (cached && !superseded) return cached;
    // Asked while holding the turn: whoever waits reads this answer instead of asking again.
    const outcome = await ask();
    recovery.asked(key, outcome, superseded);
    return store(trx, key, outcome);
  });
}

/** The row's answer while it is fresh, or its failure while the next attempt must wait. */
function fresh(row: Row | undefined): CachedStatus | undefined {
  if (!row) return undefined;
  if (row.falha !== null) {
    if (row.attempt_age_ms >= FAILURE_TTL_MS) return undefined;
    return {
      kind: 'failed',
      reason: row.falha,
      retryAfterS: Math.max(1, Math.ceil((FAILURE_TTL_MS - row.attempt_age_ms) / 1000)),
    };
  }
  if (
    row.codigo === null ||
    row.consultado_em === null ||
    row.answer_age_ms === null ||
    row.answer_age_ms >= ANSWER_TTL_MS
  )
    return undefined;
  return {
    kind: 'answer',
    answer: {
      codigo: row.codigo,
      motivo: row.motivo ?? '',
      tempoMedioS: row.tempo_medio_s,
      consultadoEm: row.consultado_em,
      ageS: Math.max(0, Math.floor(row.answer_age_ms / 1000)),
    },
  };
}

async function store(
  trx: Transaction<Database>,
  key: StatusKey,
  outcome: AskOutcome,
): Promise<CachedStatus> {
  const slot = { autorizador: key.autorizador, ambiente: key.ambiente };
  if (outcome.kind === 'failed') {
    const reason = outcome.reason.slice(0, 500);
    // The last answer stays (it is simply no longer fresh); only the attempt is recorded.
    await trx
      .insertInto('sefaz_status')
      .values({ ...slot, tentado_em: databaseNow, falha: reason })
      .onConflict((conflict) =>
        conflict.columns(['autorizador', 'ambiente']).doUpdateSet((eb) => ({
          tentado_em: eb.ref('excluded.tentado_em'),
          falha: eb.ref('excluded.falha'),
        })),
      )
      .execute();
    return { kind: 'failed', reason, retryAfterS: Math.ceil(FAILURE_TTL_MS / 1000) };
  }
  const motivo = outcome.motivo.slice(0, 255);
  const { consultado_em: consultadoEm } = await trx
    .insertInto('sefaz_status')
    .values({
      ...slot,
      codigo: outcome.codigo,
      motivo,
      tempo_medio_s: outcome.tempoMedioS,
      consultado_em: databaseNow,
      tentado_em: databaseNow,
      falha: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['autorizador', 'ambiente']).doUpdateSet((eb) => ({
        codigo: eb.ref('excluded.codigo'),
        motivo: eb.ref('excluded.motivo'),
        tempo_medio_s: eb.ref('excluded.tempo_medio_s'),
        consultado_em: eb.ref('excluded.consultado_em'),
        tentado_em: eb.ref('excluded.tentado_em'),
        falha: null,
      })),
    )
    .returning('consultado_em')
    .executeTakeFirstOrThrow();
  if (!consultadoEm) throw new Error('sefaz_status upsert returned no row');
  return {
    kind: 'answer',
    answer: {
      codigo: outcome.codigo,
      motivo,
      tempoMedioS: outcome.tempoMedioS,
      consultadoEm,
      ageS: 0,
    },
  };
}
