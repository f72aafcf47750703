import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Whether xmlsec1 (an independent implementation) verifies the signature over the element with
 * this Id-bearing name, with the signer's certificate: the first `Signature` of the document, or
 * the one at `signatureIndex` (0-based).
 */
export function xmlsec1Verifies(
  xml: string,
  idElement: string,
  certificatePem: string,
  signatureIndex?: number,
): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'sefaz-simulator-xmlsec1-'));
  try {
    writeFileSync(join(dir, 'cert.pem'), certificatePem);
    writeFileSync(join(dir, 'doc.xml'), xml);
    const args = [
      '--verify',
      '--id-attr:Id',
      idElement,
      '--pubkey-cert-pem',
      join(dir, 'cert.pem'),
    ];
    if (signatureIndex !== undefined)
      args.push('--node-xpath', `(//*[local-name()='Signature'])[${signatureIndex + 1}]`);
    return spawnSync('xmlsec1', [...args, join(dir, 'doc.xml')], { stdio: 'ignore' }).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
