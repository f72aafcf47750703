// Part 9 — SVC contingency (issue #48): the API transmits to the local SEFAZ (as in the
// transmission part) when SEFAZ-SP stops. Measured:
// (a) from the outage (the knob set: every SP request answered 108) to the first NF-e authorised
//     by SVC-AN, while emissions keep arriving at RATE/s: detection, the SVC's status, the switch,
//     the re-issue of the documents that waited, the SVC's answer;
// (b) in contingency: POST /v1/emissoes answered per second (closed loop) and the NF-e the SVC
//     authorised per second end to end (an open loop, followed until every one is final);
// (c) from the authoriser's return to the first normal emission authorised.
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

import { load, warmUp } from './http.mjs';
import { openLoop } from './open-loop.mjs';
import { createSeriesOnEveryBranch } from './stack.mjs';
import {
  bodiesOf,
  drained,
  serieOf,
  simulatorNice,
  SIMULATED_LATENCY_MS,
  withTransmittingStack,
} from './transmission.mjs';

const RATE = 50;

/** PUT /admin/knobs of the local SEFAZ (its own CA). */
function setKnobs(simulator, knobs) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${simulator.url}/admin/knobs`,
      { method: 'PUT', ca: simulator.caPem, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode < 300 ? resolve() : reject(new Error(`knobs: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(knobs));
  });
}

/** Polls `query` (one row, column `at`) until it is not null; the instant, bounded. */
async function firstInstant(stack, text, values, timeoutMs) {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await stack.sql.query(text, values);
    if (rows[0]?.at) return rows[0].at;
    if (performance.now() - t0 > timeoutMs)
      throw new Error(`nothing after ${timeoutMs} ms: ${text}`);
    await sleep(20);
  }
}

// When the API stored the first protocol (autorizada_em is SEFAZ's dhRecbto, whole seconds).
const FIRST_AUTHORISED = `select min(p.created_at) as at
  from documents d join document_protocols p on p.document_id = d.id
  where substr(d.chave_acesso, 35, 1) = $1 and d.created_at >= $2 and d.status = 'autorizada'`;

export async function runContingency({ quick, log }) {
  let result;
  await withTransmittingStack(
    { quick, log, nice: simulatorNice(), env: { SEFAZ_CONTINGENCY_AFTER_S: '60' } },
    async (stack, simulator) => {
      await createSeriesOnEveryBranch(stack, serieOf);
      const bodies = bodiesOf();
      await warmUp(stack, quick, bodies);
      await drained(stack, 600_000);

      // (a) The outage starts while emissions arrive at RATE/s.
      const outageAt = new Date();
      await setKnobs(simulator, { outage: { cStat: '108', ufs: ['SP'], svc: true } });
      const during = openLoop({
        url: `${stack.api.url}/v1/emissoes`,
        apiKey: stack.product.api_key,
        bodies,
        rate: RATE,
        connections: 16,
        durationS: quick ? 5 : 15,
      });
      const firstSvc = await firstInstant(stack, FIRST_AUTHORISED, ['6', outageAt], 120_000);
      const { rows: periods } = await stack.sql.query(
        'select started_at from sefaz_contingencies where ended_at is null',
      );
      await during;
      await drained(stack, 600_000);
      const switchMs = periods[0] ? periods[0].started_at - outageAt : NaN;
      const firstSvcMs = firstSvc - outageAt;
      log(
        `contingency: outage → switch ${switchMs} ms, → first SVC authorisation ${firstSvcMs} ms`,
      );

      // (b) In contingency: the closed loop, then a fixed batch followed to its end.
      const closed = await load(stack, {
        title: 'in SVC contingency, 32 series, 64 conn',
        connections: 64,
        duration: quick ? 3 : 10,
        method: 'POST',
        path: '/v1/emissoes',
        bodies,
      });
      await drained(stack, 600_000);
      const count = quick ? 300 : 3000;
      const batchFrom = new Date();
      const t0 = performance.now();
      await openLoop({
        url: `${stack.api.url}/v1/emissoes`,
        apiKey: stack.product.api_key,
        bodies,
        rate: 200,
        connections: 64,
        durationS: count / 200,
      });
      await drained(stack, 600_000);
      const endToEndS = (performance.now() - t0) / 1000;
      const { rows: svcRows } = await stack.sql.query(
        `select count(*)::int as n,
                count(*) filter (where substr(chave_acesso, 35, 1) = '6')::int as svc
         from documents where created_at >= $1 and status = 'autorizada'`,
        [batchFrom],
      );
      const authorisedPerSec = svcRows[0].svc / endToEndS;
      log(
        `contingency: ${closed.okPerSec.toFixed(0)}/s answered (64 conn, p99 ${closed.p99} ms); ${svcRows[0].svc} of ${svcRows[0].n} authorised by SVC in ${endToEndS.toFixed(1)} s (${authorisedPerSec.toFixed(0)}/s)`,
      );

      // (c) The authoriser answers again.
      const backAt = new Date();
      await setKnobs(simulator, { outage: null });
      const closedAt = await firstInstant(
        stack,
        'select max(ended_at) as at from sefaz_contingencies where ended_at >= $1',
        [backAt],
        120_000,
      );
      const after = openLoop({
        url: `${stack.api.url}/v1/emissoes`,
        apiKey: stack.product.api_key,
        bodies,
        rate: RATE,
        connections: 16,
        durationS: 2,
      });
      const firstNormal = await firstInstant(stack, FIRST_AUTHORISED, ['1', backAt], 120_000);
      await after;
      await drained(stack, 600_000);
      result = {
        switchMs,
        firstSvcMs,
        closed: {
          okPerSec: closed.okPerSec,
          p50: closed.p50,
          p99: closed.p99,
          errors: closed.errors,
        },
        batch: { count, authorised: svcRows[0].n, bySvc: svcRows[0].svc, seconds: endToEndS },
        authorisedPerSec,
        backMs: closedAt - backAt,
        firstNormalMs: firstNormal - backAt,
      };
    },
  );
  return {
    part: 'contingency',
    quick,
    latencyMs: SIMULATED_LATENCY_MS,
    simulatorNice: simulatorNice(),
    rate: RATE,
    ...result,
  };
}
