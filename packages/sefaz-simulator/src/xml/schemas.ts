import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { XmlDocument, XmlLibError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { fsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

/** The official schemas vendored in `schemas/` (see its SOURCE.md), by the message they validate. */
const SCHEMA_FILES = {
  enviNFe: 'PL_010b_NT2025_002_v1.30/enviNFe_v4.00.xsd',
  consReciNFe: 'PL_010b_NT2025_002_v1.30/consReciNFe_v4.00.xsd',
  consSitNFe: 'PL_010b_NT2025_002_v1.30/consSitNFe_v4.00.xsd',
  consStatServ: 'PL_010b_NT2025_002_v1.30/consStatServ_v4.00.xsd',
  inutNFe: 'PL_010b_NT2025_002_v1.30/inutNFe_v4.00.xsd',
  envEventoCancelamento: 'eventos/evento_cancelamento_110111/envEventoCancNFe_v1.00.xsd',
  envEventoCartaCorrecao: 'eventos/evento_cce_110110/envCCe_v1.00.xsd',
  envEventoGenerico: 'eventos/evento_generico/envEvento_v1.00.xsd',
} as const;

export type SchemaName = keyof typeof SCHEMA_FILES;

/** Where the vendored packs live: `schemas/` next to `src/` and `dist/`. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

let providerRegistered = false;
const validators = new Map<SchemaName, XsdValidator>();

function validatorFor(name: SchemaName): XsdValidator {
  const cached = validators.get(name);
  if (cached) return cached;
  if (!providerRegistered) {
    // Lets libxml2 follow each schema's xs:include/xs:import from the file system.
    xmlRegisterInputProvider(fsInputProviders);
    providerRegistered = true;
  }
  const url = new URL(SCHEMA_FILES[name], new URL('../../schemas/', import.meta.url));
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(url), { url: url.href });
  try {
    const validator = XsdValidator.fromDoc(schemaDoc);
    validators.set(name, validator);
    return validator;
  } finally {
    schemaDoc.dispose();
  }
}

/** libxml2's complaints about `xml` under the named schema; empty when it is valid. */
export function schemaErrors(xml: string, name: SchemaName): string[] {
  const validator = validatorFor(name);
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
