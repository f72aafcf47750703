// The contingency part in markdown: the switch to SVC and back, and throughput while in it.
import { fmtMs, fmtRate, table } from './stats.mjs';

const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'n/a');

export function renderContingency(r) {
  if (!r) return '_not measured yet: run `pnpm bench --only contingency`_';
  if (r.failed) return `_failed: ${r.failed}_`;
  return [
    `SEFAZ-SP stops (the local SEFAZ answers every SP request 108, SVC-AN switched on; ${r.latencyMs} ms of simulated latency, nice ${r.simulatorNice}) while emissions arrive at ${r.rate}/s, then comes back. The API runs with its defaults (SEFAZ_RETRY_BASE_MS 2 s: a document refused with 108 is tried again, re-issued in SVC, after its back-off).`,
    '',
    table(
      ['SVC contingency', 'value'],
      [
        ['outage → SP switched to SVC-AN (period opened)', seconds(r.switchMs)],
        ['outage → first NF-e authorised by SVC-AN', seconds(r.firstSvcMs)],
        ['in SVC: POST /v1/emissoes answered/s (closed loop, 64 conn)', fmtRate(r.closed.okPerSec)],
        ['in SVC: p99 (closed loop)', fmtMs(r.closed.p99)],
        [
          `in SVC: ${r.batch.count} NF-e at 200/s, authorised by SVC end to end`,
          `${fmtRate(r.authorisedPerSec)} (${r.batch.bySvc} of ${r.batch.authorised} in ${r.batch.seconds.toFixed(1)} s)`,
        ],
        ['authoriser back → SP normal again (period closed)', seconds(r.backMs)],
        ['authoriser back → first normal NF-e authorised', seconds(r.firstNormalMs)],
      ],
    ),
  ].join('\n');
}
