import type { Kysely } from 'kysely';
import type pg from 'pg';

import type { Authenticator } from './auth/authenticator.js';
import type { Keyring } from './crypto/master-key.js';
import type { DanfeRenderer } from './danfe/danfe-renderer.js';
import type { Database } from './db/schema.js';
import type { Env } from './env.js';
import type { Logger } from './logging/logger.js';
import type { CredentialsCache } from './modules/certificates/credentials-cache.js';
import type { Emissions } from './modules/emissions/emissions.js';
import type { SefazLink } from './modules/sefaz-status/ask-status.js';
import type { AuthoriserHealth } from './modules/sefaz-status/authoriser-health.js';
import type { FinalStatusSignal } from './modules/transmission/final-status-signal.js';
import type { TransmissionMetrics } from './modules/transmission/transmission-metrics.js';
import type { WebhookOptions } from './modules/webhooks/webhook-options.js';

/**
 * The composition root's data: built once per process in server.ts (tests build their own) and
 * handed by app.ts to each module's routes, which declare the part they use (e.g.
 * `EmissionRoutesContext`) rather than import this, so the modules never import the root.
 */
export interface AppContext {
  db: Kysely<Database>;
  pool: pg.Pool;
  env: Env;
  logger: Logger;
  authenticator: Authenticator;
  keyring: Keyring;
  credentials: CredentialsCache;
  emissions: Emissions;
  danfe: DanfeRenderer;
  /** Tells waiting requests (Prefer: wait=N) of final statuses; absent when SEFAZ=off. */
  finalStatus?: FinalStatusSignal;
  /** Events or inutilizações were queued: this process's workers look now (absent: SEFAZ=off). */
  onSefazWorkQueued?: () => void;
  /** Transmission's metrics, exported by GET /metrics (with zeros when SEFAZ=off). */
  transmissionMetrics?: TransmissionMetrics;
  /** How this process reaches SEFAZ (client, `SEFAZ_URL`); absent when SEFAZ=off. */
  sefaz?: SefazLink;
  /** What this process's exchanges saw of each authoriser (the status route reads it). */
  authoriserHealth?: AuthoriserHealth;
  clock: () => Date;
  /** How webhooks resolve and trust their receivers (tests inject a resolver and a CA). */
  webhooks?: WebhookOptions;
}
