import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sharedPath } from '@emissor/test-support';

function available(tool: string, args: string[]): boolean {
  try {
    execFileSync(tool, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const xmllintAvailable = available('xmllint', ['--version']);
export const xmlsec1Available = available('xmlsec1', ['--version']);
if (!xmllintAvailable) console.warn('[sefaz] xmllint not installed: schema checks are skipped');
if (!xmlsec1Available)
  console.warn('[sefaz] xmlsec1 not installed: signature cross-checks are skipped');

/**
 * Validates with `xmllint --schema` against an official schema in shared/nfe-schemas (path parts
 * under that folder). Returns xmllint's messages; empty means valid.
 */
export function xmllintErrors(xml: string, ...schema: string[]): string[] {
  const result = spawnSync(
    'xmllint',
    ['--noout', '--schema', sharedPath('nfe-schemas', ...schema), '-'],
    { input: xml, encoding: 'utf8' },
  );
  if (result.status === 0) return [];
  return result.stderr.split('\n').filter((line) => line && !line.endsWith('validates'));
}

/**
 * Validates many documents against one official schema with a single xmllint run (property and
 * matrix tests make hundreds). Returns each document's messages, in order; empty means valid.
 */
export function xmllintErrorsEach(xmls: readonly string[], ...schema: string[]): string[][] {
  if (xmls.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'emissor-sefaz-xmllint-'));
  try {
    const files = xmls.map((xml, index) => {
      const file = join(dir, `doc-${index}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const result = spawnSync(
      'xmllint',
      ['--noout', '--schema', sharedPath('nfe-schemas', ...schema), ...files],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const lines = result.stderr.split('\n').filter(Boolean);
    return files.map((file) => {
      if (lines.includes(`${file} validates`)) return [];
      const own = lines.filter(
        (line) => line.startsWith(`${file}:`) || line.startsWith(`${file} `),
      );
      return own.length > 0 ? own : [`${file}: no verdict from xmllint`];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Whether xmlsec1 verifies a signature over the element with this Id-bearing name: the first
 * `Signature` of the document, or the one at `signatureIndex` (0-based) in a lot.
 */
export function xmlsec1Verifies(
  xml: string,
  idElement: string,
  certificatePem: string,
  signatureIndex?: number,
): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-sefaz-xmlsec1-'));
  try {
    writeFileSync(join(dir, 'cert.pem'), certificatePem);
    writeFileSync(join(dir, 'doc.xml'), xml);
    const args = [
      '--verify',
      '--id-attr:Id',
      idElement,
      '--pubkey-cert-pem',
      join(dir, 'cert.pem'),
      ...(signatureIndex === undefined
        ? []
        : ['--node-xpath', `(//*[local-name()='Signature'])[${signatureIndex + 1}]`]),
    ];
    return spawnSync('xmlsec1', [...args, join(dir, 'doc.xml')], { stdio: 'ignore' }).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
