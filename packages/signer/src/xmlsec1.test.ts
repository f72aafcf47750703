import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import { generateTestPfx } from '@emissor/test-support';

import { nfeTree, nfeXml } from '../test/nfe-arbitrary.js';
import { readPkcs12 } from './pkcs12.js';
import { signNfe } from './sign.js';

function xmlsec1Available(): boolean {
  try {
    execFileSync('xmlsec1', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const available = xmlsec1Available();
if (!available)
  console.warn(
    '[signer] xmlsec1 not installed: the xmlsec1 cross-check is skipped (apt-get install xmlsec1)',
  );

describe.skipIf(!available)('cross-check with xmlsec1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-xmlsec1-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pfx = generateTestPfx({ keySize: 1024 });
  const credentials = readPkcs12(pfx.pfx, pfx.password);
  const certPath = join(dir, 'cert.pem');
  writeFileSync(certPath, pfx.certificatePem);

  const xmlsecVerifies = (xml: string): boolean => {
    const file = join(dir, 'doc.xml');
    writeFileSync(file, xml);
    return (
      spawnSync(
        'xmlsec1',
        ['--verify', '--id-attr:Id', 'infNFe', '--pubkey-cert-pem', certPath, file],
        { stdio: 'ignore' },
      ).status === 0
    );
  };

  // A property over many documents, not a speed check: the default 5 s fails on a loaded machine.
  it('xmlsec1 accepts our signatures and rejects a tampered one', () => {
    fc.assert(
      fc.property(nfeTree, (tree) => {
        const signed = signNfe(nfeXml(tree), credentials);
        expect(xmlsecVerifies(signed)).toBe(true);
        expect(xmlsecVerifies(signed.replace('versao="4.00">', 'versao="4.00"><x>1</x>'))).toBe(
          false,
        );
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
