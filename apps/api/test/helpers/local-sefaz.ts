import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EmissorClient } from '@emissor/client';
import { sharedPath } from '@emissor/test-support';

/** A simulator's admin route (plain JSON over its HTTPS port, trusting its CA). */
export function simulatorAdmin(simulator: { url: string; caPem: string }) {
  const put = (path: string, body: unknown) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        `${simulator.url}${path}`,
        { method: 'PUT', ca: simulator.caPem, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 || res.statusCode === 204
              ? resolve()
              : reject(new Error(`simulator admin ${path}: ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  return {
    knobs: (knobs: Record<string, unknown>) => put('/admin/knobs', knobs),
    forceOutcome: (chave: string, knob: { action: string; cStat?: string; xMotivo?: string }) =>
      put(`/admin/documents/${chave}`, knob),
  };
}

interface DocumentLike {
  status: string;
}

/** Reads a document until its status leaves `processando` (test-side wait; bounded). */
export async function untilFinal<T extends DocumentLike>(
  read: () => Promise<T>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const document = await read();
    if (document.status !== 'processando' || Date.now() > deadline) return document;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads each document through the SDK until it leaves `processando` (bounded); in `ids` order. */
export function untilDocumentsFinal(
  client: EmissorClient,
  ids: readonly string[],
  timeoutMs = 30_000,
) {
  return Promise.all(
    ids.map((id) =>
      untilFinal(async () => {
        const res = await client.documents.getDocument({ params: { document_id: id } });
        if (res.status !== 200) throw new Error(`read failed: ${res.status}`);
        return res.body;
      }, timeoutMs),
    ),
  );
}

function available(tool: string): boolean {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const xmlToolsAvailable = available('xmllint') && available('xmlsec1');

/** xmllint's complaints about `xml` under an official schema of shared/nfe-schemas; [] = valid. */
export function xmllintErrors(xml: string, ...schema: string[]): string[] {
  const result = spawnSync(
    'xmllint',
    ['--noout', '--schema', sharedPath('nfe-schemas', ...schema), '-'],
    { input: xml, encoding: 'utf8' },
  );
  if (result.status === 0) return [];
  return result.stderr.split('\n').filter((line) => line && !line.endsWith('validates'));
}

/** Whether xmlsec1 verifies the NF-e signature (over infNFe) with the signer's certificate. */
export function xmlsec1VerifiesNfe(xml: string, certificatePem: string): boolean {
  return xmlsec1Verifies(xml, certificatePem, 'infNFe');
}

/**
 * Whether xmlsec1 verifies the document's signature over the element `signed` (infNFe, infEvento,
 * infInut) with the signer's certificate.
 */
export function xmlsec1Verifies(xml: string, certificatePem: string, signed: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-api-xmlsec1-'));
  try {
    writeFileSync(join(dir, 'cert.pem'), certificatePem);
    writeFileSync(join(dir, 'doc.xml'), xml);
    const args = ['--verify', '--id-attr:Id', signed, '--pubkey-cert-pem', join(dir, 'cert.pem')];
    return spawnSync('xmlsec1', [...args, join(dir, 'doc.xml')], { stdio: 'ignore' }).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
