import type pg from 'pg';

import type { AuthoriserHealth } from './authoriser-health.js';
import { recoveryGate, type RecoveryGate } from './failure-recovery.js';
import { statusKeyId, type StatusKey } from './status-key.js';

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

/** What asking SEFAZ gave: its answer, or why there was none. */
export type AskOutcome =
  | {
      readonly kind: 'answer';
      readonly codigo: string;
      readonly motivo: string;
      readonly tempoMedioS: number | null;
    }
  | { readonly kind: 'failed'; readonly reason: string };

export type CachedStatus =
  | { readonly kind: 'answer'; readonly answer: StatusAnswer }
  | { readonly kind: 'failed'; readonly reason: string; readonly retryAfterS: number };

export interface StatusCache {
  /** The fresh answer of the key, or what `ask` brings (called only when none is fresh). */
  get(key: StatusKey, ask: () => Promise<AskOutcome>): Promise<CachedStatus>;
}

interface Row {
  codigo: string | null;
  motivo: string | null;
  tempo_medio_s: number | null;
  consultado_em: Date | null;
  falha: string | null;
  answer_age_ms: number | null;
  attempt_age_ms: number;
}

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
export function createStatusCache(pool: pg.Pool, health: AuthoriserHealth): StatusCache {
  const inFlight = new Map<string, Promise<CachedStatus>>();
  const recovery = recoveryGate(health);
  return {
    get(key, ask) {
      const id = statusKeyId(key);
      let pending = inFlight.get(id);
      if (!pending) {
        pending = readOrAsk(pool, key, ask, recovery).finally(() => inFlight.delete(id));
        inFlight.set(id, pending);
      }
      return pending;
    },
  };
}

async function readOrAsk(
  pool: pg.Pool,
  key: StatusKey,
  ask: () => Promise<AskOutcome>,
  recovery: RecoveryGate,
): Promise<CachedStatus> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [
      LOCK_CLASS,
      statusKeyId(key),
    ]);
    const { rows } = await client.query<Row>(
      `select codigo, motivo, tempo_medio_s, consultado_em, falha,
              (extract(epoch from clock_timestamp() - consultado_em) * 1000)::float8 as answer_age_ms,
              (extract(epoch from clock_timestamp() - tentado_em) * 1000)::float8 as attempt_age_ms
         from sefaz_status where autorizador = $1 and ambiente = $2`,
      [key.autorizador, key.ambiente],
    );
    const row = rows[0];
    const cached = fresh(row);
    const superseded =
      cached?.kind === 'failed' &&
      row !== undefined &&
      recovery.superseded(key, row.attempt_age_ms);
    if (cached && !superseded) {
      await client.query('commit');
      return cached;
    }
    // Asked while holding the turn: whoever waits reads this answer instead of asking again.
    const outcome = await ask();
    recovery.asked(key, outcome, superseded);
    const stored = await store(client, key, outcome);
    await client.query('commit');
    return stored;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
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
  client: pg.PoolClient,
  key: StatusKey,
  outcome: AskOutcome,
): Promise<CachedStatus> {
  if (outcome.kind === 'failed') {
    const reason = outcome.reason.slice(0, 500);
    // The last answer stays (it is simply no longer fresh); only the attempt is recorded.
    await client.query(
      `insert into sefaz_status (autorizador, ambiente, tentado_em, falha)
       values ($1, $2, clock_timestamp(), $3)
       on conflict (autorizador, ambiente)
       do update set tentado_em = excluded.tentado_em, falha = excluded.falha`,
      [key.autorizador, key.ambiente, reason],
    );
    return { kind: 'failed', reason, retryAfterS: Math.ceil(FAILURE_TTL_MS / 1000) };
  }
  const { rows } = await client.query<{ consultado_em: Date }>(
    `insert into sefaz_status (autorizador, ambiente, codigo, motivo, tempo_medio_s, consultado_em, tentado_em, falha)
     values ($1, $2, $3, $4, $5, clock_timestamp(), clock_timestamp(), null)
     on conflict (autorizador, ambiente) do update set
       codigo = excluded.codigo, motivo = excluded.motivo, tempo_medio_s = excluded.tempo_medio_s,
       consultado_em = excluded.consultado_em, tentado_em = excluded.tentado_em, falha = null
     returning consultado_em`,
    [
      key.autorizador,
      key.ambiente,
      outcome.codigo,
      outcome.motivo.slice(0, 255),
      outcome.tempoMedioS,
    ],
  );
  const consultadoEm = rows[0]?.consultado_em;
  if (!consultadoEm) throw new Error('sefaz_status upsert returned no row');
  return {
    kind: 'answer',
    answer: {
      codigo: outcome.codigo,
      motivo: outcome.motivo.slice(0, 255),
      tempoMedioS: outcome.tempoMedioS,
      consultadoEm,
      ageS: 0,
    },
  };
}
