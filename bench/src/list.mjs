// Part 3 — the list route over 1,000,000 stored documents, bulk-inserted with generate_series.
import { load } from './http.mjs';
import { BRANCHES, branchRefs } from './stack.mjs';

const STATUSES = ['assinada', 'autorizada', 'rejeitada', 'cancelada'];

export async function runList(stack, { quick, log }) {
  const total = quick ? 100_000 : 1_000_000;
  const duration = quick ? 2 : 5;
  const { sql, product, seriesIds } = stack;

  // Series i belongs to branchRefs(i); documents go to the series' own tenant and branch.
  const refs = seriesIds.map((id, i) => ({ id, ...branchRefs(i) }));
  const t0 = performance.now();
  // Status mix: 70% assinada, 20% autorizada, 9% rejeitada, 1% cancelada; one every 0.1 s back in time.
  await sql.query(
    `insert into documents (product_id, tenant_ref, branch_ref, series_id, document_model, serie, numero, chave_acesso,
                            codigo_numerico, status, ambiente, idempotency_key, created_at)
     select $1, (r.refs->>'tenant_ref'), (r.refs->>'branch_ref'), (r.refs->>'id')::uuid, '55', 1, 100000000 + g,
            '99' || lpad(g::text, 42, '0'), lpad((g % 99999999)::text, 8, '1'),
            case when g % 100 < 70 then 'assinada' when g % 100 < 90 then 'autorizada' when g % 100 < 99 then 'rejeitada' else 'cancelada' end,
            'homologacao', 'bulk-' || g, now() - interval '1 hour' - g * interval '100 milliseconds'
     from generate_series(1, $2::int) g
     cross join lateral (select $3::jsonb -> (g % $4) as refs) r`,
    [product.id, total, JSON.stringify(refs), BRANCHES],
  );
  await sql.query('analyze documents');
  const insertSeconds = (performance.now() - t0) / 1000;
  const { rows: countRows } = await sql.query(
    'select count(*)::int as n, pg_size_pretty(pg_total_relation_size($1)) as size from documents',
    ['documents'],
  );
  log(
    `list: inserted ${total.toLocaleString('en-US')} documents in ${insertSeconds.toFixed(1)} s (table now ${countRows[0].n.toLocaleString('en-US')} rows, ${countRows[0].size})`,
  );

  const b = branchRefs(5);
  const queries = [
    { name: 'first page (limit 50)', qs: 'limit=50', where: '', params: [], offset: 0 },
    {
      name: 'second page (offset 50)',
      qs: 'limit=50&offset=50',
      where: '',
      params: [],
      offset: 50,
    },
    {
      name: 'deep offset 100,000',
      qs: 'limit=50&offset=100000',
      where: '',
      params: [],
      offset: 100_000,
    },
    {
      name: 'tenant_ref+branch_ref, first page',
      qs: `tenant_ref=${b.tenant_ref}&branch_ref=${b.branch_ref}&limit=50`,
      where: 'and tenant_ref = $2 and branch_ref = $3',
      params: [b.tenant_ref, b.branch_ref],
      offset: 0,
    },
    {
      name: 'status=rejeitada, first page',
      qs: 'status=rejeitada&limit=50',
      where: 'and status = $2',
      params: ['rejeitada'],
      offset: 0,
    },
    {
      name: 'status=cancelada, first page',
      qs: 'status=cancelada&limit=50',
      where: 'and status = $2',
      params: ['cancelada'],
      offset: 0,
    },
    {
      name: 'tenant+branch+status=cancelada',
      qs: `tenant_ref=${b.tenant_ref}&branch_ref=${b.branch_ref}&status=cancelada&limit=50`,
      where: 'and tenant_ref = $2 and branch_ref = $3 and status = $4',
      params: [b.tenant_ref, b.branch_ref, 'cancelada'],
      offset: 0,
    },
  ];

  const results = [];
  for (const q of queries) {
    // What the repository runs (documents.repository.ts listDocuments), explained in the database.
    const text = `select * from documents where product_id = $1 and deleted_at is null ${q.where}
                  order by created_at desc, id desc limit 50 offset ${q.offset}`;
    const { rows: plan } = await sql.query(`explain (analyze, buffers, format json) ${text}`, [
      product.id,
      ...q.params,
    ]);
    const p = plan[0]['QUERY PLAN'][0];
    const nodes = [];
    const walk = (n) => {
      nodes.push(n['Node Type'] + (n['Index Name'] ? ` ${n['Index Name']}` : ''));
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(p.Plan);
    const r = await load(stack, {
      title: q.name,
      connections: 1,
      duration,
      method: 'GET',
      path: `/v1/documentos?${q.qs}`,
    });
    const r16 = await load(stack, {
      title: `${q.name} ×16`,
      connections: 16,
      duration,
      method: 'GET',
      path: `/v1/documentos?${q.qs}`,
    });
    results.push({
      ...q,
      http1: r,
      http16: r16,
      dbMs: p['Execution Time'],
      plan: nodes.join(' → '),
    });
    log(
      `list: ${q.name}: p50 ${r.p50} ms p99 ${r.p99} ms (${r.okPerSec.toFixed(0)}/s, non2xx ${r.non2xx}); ×16: ${r16.okPerSec.toFixed(0)}/s p99 ${r16.p99} ms; ` +
        `db ${p['Execution Time'].toFixed(2)} ms [${nodes.join(' → ')}]`,
    );
  }
  return {
    part: 'list',
    quick,
    total,
    insertSeconds,
    tableRows: countRows[0].n,
    tableSize: countRows[0].size,
    duration,
    results,
    statuses: STATUSES,
    maxRssMiB: Math.max(...results.flatMap((r) => [r.http1.maxRssMiB, r.http16.maxRssMiB])),
  };
}
