// What a complete run of each tier needs beyond Node.js and npm: `test` (`npm test`) and `system`
// (`npm run test:system`). Tests skip what they cannot run without these (and fail instead with
// CI=true where they say so); each test command names the missing ones of its tier.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Each prerequisite, the tiers that need it, how to tell it is there, what needs it, how to get it. */
export function prerequisites(repoRoot, env = process.env) {
  const shared = resolve(repoRoot, env.EMISSOR_SHARED_DIR ?? '../shared');
  const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return [
    {
      name: `shared material (${shared})`,
      tiers: ['test', 'system'],
      present: () => existsSync(join(shared, 'nfe-schemas')),
      needed: 'official XSDs, real NF-e samples and public test certificates',
      get: 'put the shared folder beside the repository or set EMISSOR_SHARED_DIR',
    },
    {
      name: `chromium (${chromium})`,
      tiers: ['system'],
      present: () => existsSync(chromium),
      needed: 'the /docs page browser test',
      get: 'apt-get install chromium, or set CHROMIUM_PATH',
    },
    {
      name: 'xmlsec1',
      tiers: ['test', 'system'],
      present: () => onPath('xmlsec1'),
      needed: 'the independent check of our XML signatures',
      get: 'apt-get install xmlsec1',
    },
    {
      name: 'poppler-utils and zbar-tools',
      tiers: ['test', 'system'],
      present: () =>
        ['pdftotext', 'pdfinfo', 'pdftoppm', 'pdfimages', 'zbarimg'].every((tool) => onPath(tool)),
      needed: 'reading the DANFE PDF and its barcode back',
      get: 'apt-get install poppler-utils zbar-tools',
    },
    {
      name: 'openssl',
      tiers: ['test'],
      present: () => onPath('openssl'),
      needed: 'the OpenSSL cross-check of development certificates',
      get: 'apt-get install openssl',
    },
    {
      name: 'curl',
      tiers: ['system'],
      present: () => onPath('curl'),
      needed: 'the README\'s "Your first NF-e" (examples/first-nfe.sh)',
      get: 'apt-get install curl',
    },
  ];
}

/** The prerequisites of `tier` that are not here. */
export function missingPrerequisites(repoRoot, tier, env = process.env) {
  return prerequisites(repoRoot, env).filter((p) => p.tiers.includes(tier) && !p.present());
}
