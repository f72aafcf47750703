import { buildNfe, type NfeRequest } from '@emissor/nfe-xml';
import { readXmlTree } from '@emissor/signer';

import type { RuleContext } from '../../src/rules/context.js';
import { firstRejection, viewNfe, type Rejection } from '../../src/rules/index.js';
import { nfeRequest } from './documents.js';

// What the rule tests share: one emitter, one arrival instant, a document built for them and the
// first rejection the local SEFAZ's rules give it.

export const CNPJ = '58716523000119';
export const RECEIVED_AT = new Date('2026-11-26T12:00:00Z');

/** The emitter's request with `overrides`, built as NF-e 1 a minute before RECEIVED_AT. */
export function builtNfe(
  overrides: Partial<NfeRequest> = {},
  codigoNumerico = '10203040',
): { xml: string; chave: string } {
  return buildNfe({
    ...nfeRequest(CNPJ, overrides),
    numero: 1,
    codigoNumerico,
    issuedAt: new Date(RECEIVED_AT.getTime() - 60_000),
  });
}

/** The first rejection of `xml` (undefined: it passes), sent and signed by CNPJ unless `context` says otherwise. */
export function rejectionOf(
  xml: string,
  context: Partial<RuleContext> = {},
): Rejection | undefined {
  return firstRejection(viewNfe(readXmlTree(xml), xml), {
    clientCnpj: CNPJ,
    signerCnpj: CNPJ,
    receivedAt: RECEIVED_AT,
    ...context,
  });
}
