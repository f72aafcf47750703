import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import {
  XmlC14NMode,
  XmlDocument,
  XmlLibError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { fsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

import { sharedPath } from './shared-dir.js';

/** The two NF-e 4.00 schema packs in `shared/nfe-schemas` that every document must satisfy. */
export type NfeSchemaPack = 'PL_009_V4' | 'PL_010b_NT2025_002_v1.30';

export const NFE_SCHEMA_PACKS: readonly NfeSchemaPack[] = ['PL_009_V4', 'PL_010b_NT2025_002_v1.30'];

let providerRegistered = false;
const validators = new Map<NfeSchemaPack, XsdValidator>();

/**
 * The compiled `nfe_v4.00.xsd` of a pack, compiled once per process. libxml2-wasm resolves the
 * schema's `xs:include`/`xs:import` relative to the document URL given to `fromString`, reading
 * them through the registered fs input provider (tooling.md "XSD with include/import").
 */
function validatorFor(pack: NfeSchemaPack): XsdValidator {
  const cached = validators.get(pack);
  if (cached) return cached;
  if (!providerRegistered) {
    xmlRegisterInputProvider(fsInputProviders);
    providerRegistered = true;
  }
  const file = sharedPath('nfe-schemas', pack, 'nfe_v4.00.xsd');
  // The schema document is only needed while compiling; the validator keeps what it uses.
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(file), { url: pathToFileURL(file).href });
  try {
    const validator = XsdValidator.fromDoc(schemaDoc);
    validators.set(pack, validator);
    return validator;
  } finally {
    schemaDoc.dispose();
  }
}

/**
 * Validates an `NFe` document (it must carry a `Signature`; see `withPlaceholderSignature`) against
 * a schema pack. Returns libxml2's messages; an empty array means valid.
 */
export function validateNfeXml(xml: string, pack: NfeSchemaPack): string[] {
  const validator = validatorFor(pack);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return [`not well-formed: ${describe(error)}`];
  }
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    return describe(error)
      .split('\n')
      .filter((line) => line.length > 0);
  } finally {
    doc.dispose();
  }
}

function describe(error: unknown): string {
  if (error instanceof XmlLibError) return error.details.map((d) => d.message.trim()).join('\n');
  return error instanceof Error ? error.message : String(error);
}

/** Frees the cached validators (e.g. in an `afterAll`); they are rebuilt on next use. */
export function disposeNfeValidators(): void {
  for (const validator of validators.values()) validator.dispose();
  validators.clear();
}

/** The absolute path of a pack's folder, for tests that want to show it in a message. */
export function nfeSchemaDir(pack: NfeSchemaPack): string {
  return join(sharedPath('nfe-schemas'), pack);
}

/**
 * Canonical XML 1.0 (without comments) of a whole document, as libxml2 writes it — the form the
 * NF-e signature digests. Lets builders prove their output is already canonical.
 */
export function canonicalXml(xml: string): string {
  const doc = XmlDocument.fromString(xml);
  try {
    return doc.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_1_0 });
  } finally {
    doc.dispose();
  }
}
