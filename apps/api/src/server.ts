import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

import { createApp } from './app.js';
import { createAuthenticator } from './auth/authenticator.js';
import { loadKeyring } from './crypto/master-key.js';
import { resolveMasterSecret } from './crypto/master-secret.js';
import { openDatabase, type OpenDatabase } from './db/database.js';
import { connectDatabase, type DatabaseHandle } from './db/connect.js';
import { startFirstStatistics, type FirstStatisticsOptions } from './db/first-statistics.js';
import { migrateToLatest } from './db/migrate.js';
import { startQueueVacuum, type QueueVacuumOptions } from './queue/queue-vacuum.js';
import type { Env } from './env.js';
import { answerClientErrors } from './http/client-error.js';
import { createRequestPressure, watchRequests } from './http/request-pressure.js';
import type { Logger } from './logging/logger.js';
import { createCredentialsCache } from './modules/certificates/credentials-cache.js';
import { createEmissions } from './modules/emissions/emissions.js';
import { createSigningPool } from './signing/signing-pool.js';
import { createDanfeRenderer } from './danfe/danfe-renderer.js';
import {
  openSefazConnection,
  type SefazConnection,
} from './modules/transmission/sefaz-connection.js';
import {
  createFinalStatusSignal,
  type FinalStatusSignal,
} from './modules/transmission/final-status-signal.js';
import { createTransmissionMetrics } from './modules/transmission/transmission-metrics.js';
import {
  createAuthoriserHealth,
  observingHealth,
} from './modules/sefaz-status/authoriser-health.js';
import { createPgTransmissionStore } from './modules/transmission/pg-transmission-store.js';
import { startTransmission } from './modules/transmission/transmission-engine.js';
import { startContingencyBook } from './modules/contingency/contingency-book.js';
import { closeSvcPeriod, openSvcPeriod } from './modules/contingency/contingency-periods.js';
import {
  contingencyTimings,
  startContingencyWatch,
} from './modules/contingency/contingency-watch.js';
import { storeReissued } from './modules/contingency/reissue-sql.js';
import { svcReissue } from './modules/contingency/svc-reissue.js';
import { askStatus } from './modules/sefaz-status/ask-status.js';
import { createPackingCertificateIds } from './storage/packing-certificates.js';
import { startFiscalWork } from './modules/events/fiscal-work.js';
import type { WebhookOptions } from './modules/webhooks/webhook-options.js';
import {
  startWebhookDeliveryWorkers,
  type WebhookDelivery,
} from './modules/webhooks/webhook-delivery.js';
import type { WorkEngine } from './queue/work-engine.js';

export interface RunningServer {
  url: string;
  database: OpenDatabase;
  /** The in-process local SEFAZ (`SEFAZ=simulator` without `SEFAZ_URL`). */
  sefazSimulator?: { url: string; svcUrl: string; caPem: string; caPath: string };
  /** Stops accepting, lets in-flight requests finish (up to the timeout), then closes the database. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** The instant source for emissions and certificate checks (tests pin it). */
  clock?: () => Date;
  /** When a new database gets its first planner statistics (tests make it sooner). */
  firstStatistics?: FirstStatisticsOptions;
  /** When the API vacuums its work queues (tests make it sooner). */
  queueVacuum?: QueueVacuumOptions;
  /** How webhooks resolve and trust their receivers (tests inject a resolver and a CA). */
  webhooks?: WebhookOptions;
}

/** How often the request path's saturation is sampled for transmission to yield to it. */
const PRESSURE_SAMPLE_MS = 100;
/** Quick samples in a row before transmission takes its full concurrency back. */
const PRESSURE_CALM_SAMPLES = 3;

/** Connections of the transmission workers (claims and results, one short statement each). */
const TRANSMISSION_POOL_SIZE = 4;

/** Opens the database, runs pending migrations, and serves the API. */
export async function startServer(
  env: Env,
  logger: Logger,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const database = await openDatabase(env, (line) => logger.warn(line));
  let keyring;
  try {
    const applied = await migrateToLatest(database.db);
    for (const m of applied)
      logger.info({ migration: m.migrationName, status: m.status }, 'migration');
    const secrets = [resolveMasterSecret(env, (message) => logger.warn(message))];
    if (env.EMISSOR_MASTER_KEY_PREVIOUS) secrets.push(env.EMISSOR_MASTER_KEY_PREVIOUS);
    keyring = await loadKeyring(database.db, secrets);
  } catch (error) {
    await database.close();
    throw error;
  }

  let sefaz: SefazConnection | undefined;
  // Transmission's claims and results go through their own few connections: a busy queue must not
  // make POST /v1/emissoes wait for a connection of the pool it answers with.
  let transmissionDb: DatabaseHandle | undefined;
  if (env.SEFAZ !== 'off') {
    try {
      sefaz = await openSefazConnection(env, database.url, logger);
    } catch (error) {
      await database.close();
      throw error;
    }
    transmissionDb = connectDatabase(database.url, TRANSMISSION_POOL_SIZE);
  }
  const credentials = createCredentialsCache(database.db, keyring);
  const finalStatus: FinalStatusSignal | undefined = sefaz
    ? createFinalStatusSignal(database.url, logger)
    : undefined;
  // Started below, once the server listens; documents queued before that wait for the first poll.
  let workers: WorkEngine | undefined;
  let fiscalWork: WorkEngine | undefined;
  const transmissionMetrics = createTransmissionMetrics(database.pool);
  // Every exchange that gets an answer also tells the status route the authoriser serves again.
  const authoriserHealth = createAuthoriserHealth();
  const exchangeObserver = observingHealth(transmissionMetrics.observer, authoriserHealth);

  const signing = createSigningPool(env.SIGNING_THREADS);
  const danfe = createDanfeRenderer();
  // SVC contingency (docs/contingency.md): which UFs are in it, read by emissions and transmission.
  const contingencyBook =
    sefaz && env.SEFAZ_CONTINGENCY === 'auto'
      ? startContingencyBook(database.db, logger.child({ module: 'contingency' }))
      : undefined;
  const app = createApp({
    db: database.db,
    pool: database.pool,
    env,
    logger,
    authenticator: createAuthenticator(database.db, { ttlMs: env.API_KEY_CACHE_TTL_MS }),
    keyring,
    credentials,
    emissions: createEmissions(
      database.pool,
      signing,
      { maxSigning: Math.max(1, env.SIGNING_THREADS) },
      sefaz ? { transmission: { onQueued: () => workers?.poke() } } : {},
      contingencyBook && ((uf, ambiente) => contingencyBook.periodOf(uf, ambiente)),
    ),
    danfe,
    ...(finalStatus && { finalStatus }),
    ...(sefaz && { onSefazWorkQueued: () => fiscalWork?.poke() }),
    transmissionMetrics,
    ...(sefaz && {
      sefaz: {
        client: sefaz.client,
        override: sefaz.override,
        svcOverride: sefaz.svcOverride,
        timeoutMs: env.SEFAZ_TIMEOUT_MS,
      },
      authoriserHealth,
    }),
    clock: options.clock ?? (() => new Date()),
    ...(options.webhooks && { webhooks: options.webhooks }),
  });

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST, () => resolve(s));
    s.once('error', reject);
  });
  answerClientErrors(server);
  const firstStatistics = startFirstStatistics(database.pool, logger, options.firstStatistics);
  // Slow or idle clients must not pin sockets forever.
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  // Transmission yields to queueing requests (documents wait in the queue; clients cannot).
  const pressure =
    sefaz && env.SEFAZ_YIELD_ABOVE_MS > 0
      ? createRequestPressure({
          slowAboveMs: env.SEFAZ_YIELD_ABOVE_MS,
          sampleMs: PRESSURE_SAMPLE_MS,
          calmSamples: PRESSURE_CALM_SAMPLES,
          onChange: (saturated) => transmissionMetrics.observer.yielding(saturated),
        })
      : undefined;
  if (pressure) watchRequests(server, pressure);
  // The queues churn only while SEFAZ is on. One connection of its own: a VACUUM that takes a
  // second must not take it from the requests.
  const queueVacuumDb = sefaz ? connectDatabase(database.url, 1) : undefined;
  const queueVacuum = queueVacuumDb
    ? startQueueVacuum(queueVacuumDb.pool, logger, options.queueVacuum)
    : undefined;
  const contingency =
    sefaz && contingencyBook
      ? startContingencyWatch(
          {
            book: contingencyBook,
            askStatus: async ({ credentials, ...query }) => {
              const outcome = await askStatus(
                { client: sefaz.client, ...sefazAddresses(sefaz), timeoutMs: env.SEFAZ_TIMEOUT_MS },
                { ...query, credentials: () => Promise.resolve(credentials) },
              );
              return outcome.kind === 'answer' ? outcome.codigo : undefined;
            },
            openPeriod: (period) => openSvcPeriod(database.db, period),
            closePeriod: (key, at) => closeSvcPeriod(database.db, key, at),
            onSwitched: () => workers?.poke(),
          },
          contingencyTimings(env.SEFAZ_CONTINGENCY_AFTER_S),
          logger.child({ module: 'contingency' }),
        )
      : undefined;
  const reissueDb = transmissionDb;
  if (sefaz && transmissionDb)
    workers = startTransmission(
      {
        store: createPgTransmissionStore(transmissionDb.pool, {
          voidRejected: env.SEFAZ_VOID_REJECTED,
          onUnreadableXml: (claimed, error) =>
            logger.error(
              { err: error, chave: claimed.chave, document_id: claimed.documentId },
              'transmission set aside: the stored XML cannot be read (restore it from a backup)',
            ),
        }),
        credentialsOf: (id) => credentials.get(id),
        ...(contingencyBook &&
          reissueDb && {
            beforeFirstSend: svcReissue(
              {
                book: contingencyBook,
                signing,
                credentialsOf: (id) => credentials.get(id),
                packingIds: createPackingCertificateIds(reissueDb.pool),
                store: (claimed, reissued) => storeReissued(reissueDb.pool, claimed, reissued),
                responsavelTecnico: env.RESPONSAVEL_TECNICO,
              },
              logger.child({ module: 'contingency' }),
            ),
          }),
      },
      {
        client: sefaz.client,
        ...sefazAddresses(sefaz),
        contingency,
        timeoutMs: env.SEFAZ_TIMEOUT_MS,
        retryBaseMs: env.SEFAZ_RETRY_BASE_MS,
        concurrency: env.SEFAZ_CONCURRENCY,
        concurrencyWhileSaturated: env.SEFAZ_CONCURRENCY_WHILE_SATURATED,
        gatherMs: env.SEFAZ_GATHER_MS,
        ...(pressure && { requestsSaturated: pressure.saturated }),
        pollMs: env.SEFAZ_POLL_MS,
        observer: exchangeObserver,
      },
      logger.child({ module: 'transmission' }),
    );
  // Cancellations, cartas de correção and inutilizações (docs/api-rules.md "Events and inutilização"), on
  // the main pool: their results are committed durably (an inutilização's protocol cannot be
  // fetched again after a lost commit).
  if (sefaz)
    fiscalWork = startFiscalWork(
      database.pool,
      (id) => credentials.get(id),
      {
        client: sefaz.client,
        ...sefazAddresses(sefaz),
        contingency,
        timeoutMs: env.SEFAZ_TIMEOUT_MS,
        retryBaseMs: env.SEFAZ_RETRY_BASE_MS,
        concurrency: env.SEFAZ_CONCURRENCY,
        pollMs: env.SEFAZ_POLL_MS,
        observer: exchangeObserver,
      },
      logger,
    );

  // Webhook deliveries are queued by final statuses, which only a process with SEFAZ on stores.
  const webhookDelivery: WebhookDelivery | undefined = sefaz
    ? startWebhookDeliveryWorkers(
        database.url,
        keyring,
        env,
        { ...options.webhooks, ...(pressure && { requestsSaturated: pressure.saturated }) },
        logger.child({ module: 'webhooks' }),
      )
    : undefined;

  const { port } = server.address() as AddressInfo;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), env.SHUTDOWN_TIMEOUT_MS);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      pressure?.stop();
      firstStatistics.stop();
      queueVacuum?.stop();
      await contingency?.stop();
      contingencyBook?.stop();
      await workers?.stop();
      await fiscalWork?.stop();
      await webhookDelivery?.stop();
      await transmissionDb?.db.destroy();
      await queueVacuumDb?.db.destroy();
      await sefaz?.close();
      await finalStatus?.close();
      await signing.close();
      await danfe.close();
      await database.close();
    })());

  return {
    url: `http://${host}:${port}`,
    database,
    ...(sefaz?.simulator && { sefazSimulator: sefaz.simulator }),
    close,
  };
}

/** Where the exchanges send: each authoriser and each SVC, or the overrides of both. */
function sefazAddresses(sefaz: SefazConnection) {
  return { override: sefaz.override, svcOverride: sefaz.svcOverride };
}
