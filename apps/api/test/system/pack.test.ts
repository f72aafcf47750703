import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { repoRoot } from '../../src/paths.js';
import { emissionRequest } from '../helpers/emission.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The SDK as users get it: `pnpm pack` the client (the contract is bundled into it), install that
 * one tarball with plain npm into an empty project, type-check a TypeScript consumer against it and
 * run it against a started API. npm takes @ts-rest/core and zod from its cache when they are there
 * (`--prefer-offline`), from the registry otherwise.
 */
const dir = mkdtempSync(join(tmpdir(), 'emissor-pack-'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 150_000,
    env: { ...process.env, ...env },
  });

function packClient(): string {
  run(
    'npx',
    ['--yes', 'pnpm@10.34.9', 'pack', '--pack-destination', dir],
    join(repoRoot, 'packages', 'client'),
  );
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack of the client produced no tarball');
  return join(dir, tarball);
}

const CONSUMER = `import { createEmissorClient, isErrorCode, type EmitBody } from '@emissor/client';
import { contract, type FiscalDocumentRead } from '@emissor/client/contract';

// No @types/node in this project: only what the consumer reads.
declare const process: { env: Record<string, string | undefined> };

const emissor = createEmissorClient({
  baseUrl: process.env.EMISSOR_URL!,
  apiKey: process.env.EMISSOR_API_KEY!,
  retry: { maxRetries: 0 },
});
const refs = { tenant_ref: 'scratch', branch_ref: 'b1' };

const created = await emissor.series.createSeries({ body: { ...refs, serie: 7, next_number: 1 } });
const listed = await emissor.series.listSeries({ query: refs });
// A valid body for serie 8, which has no series: a real round trip that ends in a typed 404.
const emitted = await emissor.emit(JSON.parse(process.env.EMISSOR_REQUEST!) as EmitBody);
const outcome: FiscalDocumentRead | string = isErrorCode(emitted, 'series_not_found')
  ? emitted.body.detail.code
  : String(emitted.status);

console.log(
  JSON.stringify({
    created: created.status,
    listed: listed.status === 200 ? listed.body.map((s) => s.serie) : listed.status,
    emitted: outcome,
    path: contract.emissions.emit.path,
  }),
);

// The types are real, not any: each of these must be an error (never called).
export async function wrong() {
  // @ts-expect-error tenant_ref is a string
  await emissor.series.listSeries({ query: { tenant_ref: 1, branch_ref: 'b' } });
  // @ts-expect-error no such error code
  return isErrorCode(await emissor.emit({} as EmitBody), 'no_such_code');
}
`;

describe('the SDK as one publishable package', () => {
  it('packs @emissor/client alone, npm installs it, and a TypeScript consumer compiles and talks to the API', async () => {
    const tarball = packClient();
    const files = run('tar', ['-tzf', tarball], dir).split('\n');
    expect(files).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/README.md',
        'package/dist/index.js',
        'package/dist/index.d.ts',
        'package/dist/contract/index.js',
        'package/dist/contract/index.d.ts',
      ]),
    );
    expect(
      files.filter((f) => /\.test\.|\/src\/|contract\/.*\.map$|bundle-contract/.test(f)),
    ).toEqual([]);
    const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], dir));
    expect(JSON.stringify(manifest)).not.toMatch(/workspace:|catalog:/);
    // npm installs no devDependencies of a dependency: only these reach the user.
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@ts-rest/core', 'zod']);
    expect(manifest).toMatchObject({
      license: 'MIT',
      type: 'module',
      repository: expect.any(Object),
    });
    const shipped = run('tar', ['-xzOf', tarball, 'package/dist/client.js'], dir);
    expect(shipped).toContain("from './contract/index.js'");

    const project = join(dir, 'consumer');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          types: [],
          outDir: 'out',
        },
        files: ['index.ts'],
      }),
    );
    writeFileSync(join(project, 'index.ts'), CONSUMER);
    run(
      'npm',
      [
        'install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts',
        '--loglevel=error', tarball,
      ],
      project,
    ); // prettier-ignore

    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);

    const product = await server.newProduct('scratch project');
    const output = await new Promise<string>((resolve, reject) => {
      // Async: the API under test lives in this process and must keep serving meanwhile.
      execFile(
        process.execPath,
        ['out/index.js'],
        {
          cwd: project,
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH ?? '',
            EMISSOR_URL: server.url,
            EMISSOR_API_KEY: product.apiKey,
            EMISSOR_REQUEST: JSON.stringify(
              emissionRequest({ tenant_ref: 'scratch', branch_ref: 'b1' }, { serie: 8 }),
            ),
          },
        },
        (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
      );
    });
    expect(JSON.parse(output)).toEqual({
      created: 201,
      listed: [7],
      emitted: 'series_not_found',
      path: '/v1/emissoes',
    });
  }, 240_000);
});
