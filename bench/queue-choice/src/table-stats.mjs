// The job tables as PostgreSQL counts them: rows written, updates and how many of them were HOT,
// dead versions, vacuum passes (by hand, i.e. the home-made keeper, and by autovacuum) and the
// size with indexes and TOAST. pg-boss keeps a partition per queue and an archive table;
// graphile-worker keeps jobs, queues and tasks: all tables of the system's schema are summed.
import pg from 'pg';

const STATS = `
  select t.relname as table, n_tup_ins::int8 as ins, n_tup_upd::int8 as upd, n_tup_hot_upd::int8 as hot,
         n_tup_del::int8 as del, n_live_tup::int8 as live, n_dead_tup::int8 as dead,
         vacuum_count::int as vacuums, autovacuum_count::int as autovacuums,
         pg_total_relation_size(relid)::int8 as bytes
  from pg_stat_user_tables t join pg_class c on c.oid = t.relid
  where schemaname = $1 and ($2::text[] is null or t.relname = any($2))
    and c.relkind <> 'p' -- a partitioned parent (pg-boss's job) holds no rows of its own
  order by pg_total_relation_size(relid) desc`;

export async function tableStats(url, { schema, names }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(STATS, [schema, names]);
    // n_live_tup is an estimate: the rows still in each table, counted.
    for (const row of rows) {
      const counted = await client.query(
        `select count(*)::int8 as n from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(row.table)}`,
      );
      row.rows = Number(counted.rows[0].n);
    }
    const sum = (k) => rows.reduce((s, r) => s + Number(r[k]), 0);
    return {
      tables: rows.map((r) => ({
        ...r,
        ins: +r.ins,
        upd: +r.upd,
        hot: +r.hot,
        del: +r.del,
        live: +r.live,
        dead: +r.dead,
        bytes: +r.bytes,
      })),
      ins: sum('ins'),
      upd: sum('upd'),
      hot: sum('hot'),
      del: sum('del'),
      dead: sum('dead'),
      vacuums: sum('vacuums'),
      autovacuums: sum('autovacuums'),
      bytes: sum('bytes'),
      rows: sum('rows'),
    };
  } finally {
    await client.end();
  }
}

/** Samples the schema's total size every `everyMs` until stopped; gives the largest seen. */
export function sampleSize(url, target, everyMs = 2_000) {
  const client = new pg.Client({ connectionString: url });
  let peak = 0;
  let stopped = false;
  let timer;
  const look = async () => {
    const { rows } = await client.query(
      `select coalesce(sum(pg_total_relation_size(relid)), 0)::int8 as bytes from pg_stat_user_tables
       where schemaname = $1 and ($2::text[] is null or relname = any($2))`,
      [target.schema, target.names],
    );
    peak = Math.max(peak, Number(rows[0].bytes));
  };
  const ready = client.connect().then(look);
  const tick = () => {
    if (stopped) return;
    look().finally(() => {
      if (!stopped) timer = setTimeout(tick, everyMs);
    });
  };
  ready.then(() => (timer = setTimeout(tick, everyMs)));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ready;
      await look();
      await client.end();
      return peak;
    },
  };
}
