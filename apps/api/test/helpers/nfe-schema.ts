import {
  NFE_SCHEMA_PACKS,
  sharedDir,
  validateNfeXml,
  type NfeSchemaPack,
} from '@emissor/test-support';
import { expect } from 'vitest';

/** The NFe element of a stored document or of its nfeProc. */
export const nfeOf = (xml: string) =>
  xml.slice(xml.indexOf('<NFe'), xml.indexOf('</NFe>') + '</NFe>'.length);

/**
 * The document's NFe is valid under each official schema pack (by default every pack: the current
 * layout's and the reforma tributária's); nothing is checked when the shared schemas are not on this machine.
 */
export function expectSchemaValid(xml: string, packs: readonly NfeSchemaPack[] = NFE_SCHEMA_PACKS) {
  if (!sharedDir()) return;
  for (const pack of packs) expect(validateNfeXml(nfeOf(xml), pack), pack).toEqual([]);
}
