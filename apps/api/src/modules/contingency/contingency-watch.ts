import { svcOf, type Ambiente, type TlsCredentials, type Uf } from '@emissor/sefaz';

import type { Logger } from '../../logging/logger.js';
import type { ExchangeListener, ExchangeReport } from '../transmission/sefaz-call.js';
import type { ContingencyBook } from './contingency-book.js';
import type { SvcPeriod } from './contingency-periods.js';

export type { ExchangeReport } from '../transmission/sefaz-call.js';

/** Hears of every call to SEFAZ; what it decides runs in the background. */
export interface ContingencyWatch extends ExchangeListener {
  /** Stops the probes and waits for any decision in flight. */
  stop(): Promise<void>;
}

/** NFeStatusServico4 of a UF's authoriser or of its SVC: its cStat, or undefined for no answer. */
export type StatusQuestion = (query: {
  uf: Uf;
  ambiente: Ambiente;
  svc: boolean;
  credentials: TlsCredentials;
}) => Promise<string | undefined>;

export interface ContingencyWatchPorts {
  book: ContingencyBook;
  askStatus: StatusQuestion;
  openPeriod(period: SvcPeriod): Promise<boolean>;
  closePeriod(key: { uf: string; ambiente: string }, endedAt: Date): Promise<boolean>;
  /** A UF changed mode (in this process's doing): documents waiting may now go. */
  onSwitched(): void;
}

export interface ContingencyWatchSettings {
  /** SEFAZ_CONTINGENCY_AFTER_S: how long an authoriser may give no answer before its SVC is asked. */
  afterMs: number;
  /** How often the authoriser of a UF in contingency is asked whether it serves again. */
  probeMs: number;
  /** How long after an SVC said it is not on (113/114, or no answer) it is asked again. */
  svcAskAgainMs: number;
}

/** 108 and 109: the authoriser says it stopped (sefaz.md §10). */
const STOPPED = new Set(['108', '109']);

interface UfWatch {
  uf: Uf;
  ambiente: Ambiente;
  /** The certificate of the last call for the UF: the one the status questions are asked with. */
  credentials: TlsCredentials;
  /** Since when the authoriser has not served (undefined: it served at the last call). */
  failingSince?: number;
  /** What the last failure was, for ide/xJust. */
  failure?: string;
  svcAskAfter: number;
  busy: boolean;
}

/**
 * Decides when a UF goes to its SVC and when it comes back (docs/contingency.md). It hears of
 * every call the exchanges make. When the authoriser answers 108/109, or has given no answer for
 * `afterMs` while documents wait (they are what makes the calls), it asks the UF's SVC whether it
 * is on (107: SEFAZ switched it on; 113/114: not) and, if so, opens an SVC period shared by every
 * process. While a UF is in SVC its authoriser is asked every `probeMs` and the period closes at
 * its first 107. Per process: several processes may ask at once; the period table keeps one open
 * period per UF, so the switch happens once.
 */
export function startContingencyWatch(
  ports: ContingencyWatchPorts,
  settings: ContingencyWatchSettings,
  logger: Logger,
  now: () => number = Date.now,
): ContingencyWatch {
  const watches = new Map<string, UfWatch>();
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const switchToSvc = async (w: UfWatch) => {
    const { autorizador: svc, tpEmis } = svcOf(w.uf);
    const cStat = await ports.askStatus({ ...w, svc: true });
    if (cStat !== '107') {
      w.svcAskAfter = now() + settings.svcAskAgainMs;
      logger.warn(
        { uf: w.uf, ambiente: w.ambiente, svc, cStat: cStat ?? null },
        'authoriser down and its SVC not on: documents wait',
      );
      return;
    }
    const startedAt = new Date(now());
    const opened = await ports.openPeriod({
      uf: w.uf,
      ambiente: w.ambiente,
      tpEmis,
      startedAt,
      justification: justificationOf(w, svc, startedAt),
    });
    await ports.book.refresh();
    if (opened) {
      logger.warn({ uf: w.uf, ambiente: w.ambiente, svc }, 'contingency: NF-e go to the SVC');
      ports.onSwitched();
    }
  };

  const backToNormal = async (w: UfWatch) => {
    const cStat = await ports.askStatus({ ...w, svc: false });
    if (cStat !== '107') return;
    w.failingSince = undefined;
    const closed = await ports.closePeriod(w, new Date(now()));
    await ports.book.refresh();
    if (closed) {
      logger.warn(
        { uf: w.uf, ambiente: w.ambiente },
        'contingency over: NF-e go to the authoriser',
      );
      ports.onSwitched();
    }
  };

  const run = (w: UfWatch, step: (w: UfWatch) => Promise<void>) => {
    w.busy = true;
    track(
      step(w)
        .catch((error: unknown) =>
          logger.error({ err: error, uf: w.uf }, 'contingency step failed'),
        )
        .finally(() => (w.busy = false)),
    );
  };

  const probe = setInterval(() => {
    for (const period of ports.book.periods()) {
      const w = watches.get(`${period.uf}|${period.ambiente}`);
      // No call for the UF since this process started: nothing waits here, and no certificate.
      if (w && !w.busy) run(w, backToNormal);
    }
  }, settings.probeMs);
  probe.unref();

  return {
    exchanged({ uf, ambiente, svc, cStat, credentials }: ExchangeReport) {
      const key = `${uf}|${ambiente}`;
      let w = watches.get(key);
      if (!w) {
        w = { uf, ambiente, credentials, svcAskAfter: 0, busy: false };
        watches.set(key, w);
      }
      w.credentials = credentials;
      if (svc) return;
      if (cStat !== undefined && !STOPPED.has(cStat)) {
        w.failingSince = undefined;
        return;
      }
      const at = now();
      w.failingSince ??= at;
      w.failure = cStat === undefined ? 'sem resposta' : `cStat ${cStat}`;
      if (ports.book.periodOf(uf, ambiente) || w.busy || at < w.svcAskAfter) return;
      if (cStat === undefined && at - w.failingSince < settings.afterMs) return;
      run(w, switchToSvc);
    },
    async stop() {
      clearInterval(probe);
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** ide/xJust (15–256 characters; SEFAZ asks for no accents in texts). */
function justificationOf(w: UfWatch, svc: string, startedAt: Date): string {
  const since = new Date(w.failingSince ?? startedAt.getTime()).toISOString().slice(0, 19);
  return `SEFAZ autorizadora da UF ${w.uf} indisponivel (${w.failure ?? 'sem resposta'}) desde ${since} UTC: emissao em ${svc === 'SVCAN' ? 'SVC-AN' : 'SVC-RS'}`;
}

/**
 * The watch's timings from SEFAZ_CONTINGENCY_AFTER_S: the authoriser of a UF in contingency is
 * asked again every half of it (at least 1 s, at most 30 s: a status question every 30 s per UF
 * is far from consumo indevido), and an SVC that was not on is asked again after the same time.
 */
export function contingencyTimings(afterS: number): ContingencyWatchSettings {
  const probeMs = Math.min(30_000, Math.max(1_000, (afterS * 1_000) / 2));
  return { afterMs: afterS * 1_000, probeMs, svcAskAgainMs: probeMs };
}
