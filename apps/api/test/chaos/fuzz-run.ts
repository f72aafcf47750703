import http from 'node:http';

import fc from 'fast-check';
import pg from 'pg';
import { expect } from 'vitest';

import { emissionRequest, newKey, prepareBranch, EMITTER_CNPJ } from '../helpers/emission.js';
import { postCertificate, testPfx } from '../helpers/certificates.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { send, shapeProblem } from './fuzz-kit.js';
import { routeFuzzers, type FuzzTarget } from './fuzz-routes.js';

const TABLES = ['series', 'certificates', 'documents', 'document_xml'] as const;
type Counts = Record<(typeof TABLES)[number], number>;

async function rowCounts(databaseUrl: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const out = {} as Counts;
    for (const t of TABLES)
      out[t] = Number((await client.query(`select count(*) as n from ${t}`)).rows[0].n);
    return out;
  } finally {
    await client.end();
  }
}

/** A server with one product, a ready branch, one document, and a second slot for certificate fuzzing. */
export async function fuzzTarget(): Promise<{ server: TestServer; target: FuzzTarget }> {
  // Keys verified once and cached: bcrypt on every one of 100k requests would only measure bcrypt.
  const server = await startTestServer({
    env: { API_KEY_CACHE_TTL_MS: '600000', LOG_LEVEL: 'warn' },
  });
  const product = await server.newProduct('fuzz');
  const mainRefs = { tenant_ref: 'fuzz', branch_ref: 'main' };
  const certRefs = { tenant_ref: 'fuzz', branch_ref: 'cert' };
  const { seriesId } = await prepareBranch(server.url, product, mainRefs);
  const pfx = testPfx({ cnpj: EMITTER_CNPJ });
  await postCertificate(server.url, product.apiKey, certRefs, {
    cnpj: EMITTER_CNPJ,
    password: pfx.password,
    file: pfx.pfx,
  });
  const emitted = await fetch(`${server.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': product.apiKey,
      'content-type': 'application/json',
      'idempotency-key': newKey(),
    },
    body: JSON.stringify(emissionRequest(mainRefs)),
  });
  const document = (await emitted.json()) as { id: string };
  const patchSeries = await product.client.series.createSeries({
    body: { tenant_ref: 'fuzz', branch_ref: 'patch', serie: 1, next_number: 1 },
  });
  if (patchSeries.status !== 201) throw new Error(`series setup failed: ${patchSeries.status}`);
  return {
    server,
    target: {
      apiKey: product.apiKey,
      mainRefs,
      certRefs,
      seriesId,
      patchSeriesId: patchSeries.body.id,
      documentId: document.id,
      cnpj: EMITTER_CNPJ,
      pfx: pfx.pfx,
      password: pfx.password,
    },
  };
}

export interface RouteSummary {
  route: string;
  sent: number;
  statuses: Record<string, number>;
  problems: string[];
}

/**
 * Sends `perRoute` generated requests to every route, 16 at a time, and checks each answer: no
 * 5xx, every 4xx in the decided shape, a 422 wherever the contract's own schema rejects the input;
 * then that rows appeared only for requests answered 201.
 */
export async function runFuzz(perRoute: number, seed: number): Promise<RouteSummary[]> {
  const { server, target } = await fuzzTarget();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const summaries: RouteSummary[] = [];
  const created: Counts = { series: 0, certificates: 0, documents: 0, document_xml: 0 };
  const before = await rowCounts(server.databaseUrl);
  try {
    for (const [index, fuzzer] of routeFuzzers(target).entries()) {
      const summary: RouteSummary = { route: fuzzer.name, sent: 0, statuses: {}, problems: [] };
      const t0 = Date.now();
      // Batches keep memory flat (some generated bodies are megabytes); each batch has its own seed.
      for (let batch = 0; batch * 500 < perRoute; batch++) {
        const size = Math.min(500, perRoute - batch * 500);
        const requests = fc.sample(fuzzer.request, {
          numRuns: size,
          seed: seed + index * 1_000 + batch,
        });
        let next = 0;
        const worker = async () => {
          while (next < requests.length) {
            const req = requests[next++]!;
            let problem: string | undefined;
            try {
              const res = await send(server.url, agent, req);
              summary.statuses[res.status] = (summary.statuses[res.status] ?? 0) + 1;
              problem = shapeProblem(res);
              if (!problem && req.mustBe422 && res.status !== 422)
                problem = `schema rejects the input but the answer was ${res.status}`;
              if (res.status === 201 && fuzzer.creates) {
                created[fuzzer.creates] += 1;
                if (fuzzer.creates === 'documents') created.document_xml += 1;
              }
              if (problem) problem += ` (${res.text.slice(0, 160)})`;
            } catch (error) {
              // A dropped connection is acceptable only where Node itself refuses the request line.
              summary.statuses.dropped = (summary.statuses.dropped ?? 0) + 1;
              problem = `no answer: ${(error as Error).message}`;
            }
            summary.sent += 1;
            if (problem && summary.problems.length < 20) {
              summary.problems.push(
                `${req.kind} ${req.method} ${req.target.slice(0, 120)} [${(req.body ?? Buffer.alloc(0)).subarray(0, 120).toString('utf8')}]: ${problem}`,
              );
            }
          }
        };
        await Promise.all(Array.from({ length: 16 }, worker));
      }
      for (const p of summary.problems.slice(0, 5)) console.log(`  problem: ${p}`);
      console.log(
        `fuzz ${fuzzer.name}: ${summary.sent} requests in ${((Date.now() - t0) / 1000).toFixed(1)} s, statuses ${JSON.stringify(summary.statuses)}, ${summary.problems.length} problems`,
      );
      summaries.push(summary);
    }
    // What the server said about any 500 (the test fails on them; this says why).
    for (const line of server.logs.filter((l) => l.includes('unhandled error')).slice(0, 3))
      console.log(`  server: ${line.slice(0, 600)}`);
    const after = await rowCounts(server.databaseUrl);
    // Rows appear only for 201s: a refused request wrote nothing (and left no half-written emission).
    for (const t of TABLES)
      expect(after[t] - before[t], `${t} rows added vs 201 answers`).toBe(created[t]);
    console.log(
      `fuzz: rows added ${JSON.stringify(created)} (each matched by a 201), seed ${seed}`,
    );
  } finally {
    agent.destroy();
    await server.close();
  }
  return summaries;
}
