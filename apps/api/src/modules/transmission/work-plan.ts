import { packLots } from '@emissor/sefaz';

import type { ClaimedDocument, ClaimedToSend } from './transmission-store.js';

/**
 * Documents never sent, split into what goes to SEFAZ together: those with the same key (one
 * certificate, UF and ambiente) are packed into lots of at most 50 NF-e and 500 KB, in claim
 * order; a document without a key (its branch lost its certificate) goes alone. A list of one is
 * sent synchronously, a longer one as an asynchronous lot.
 */
export function planSends(
  documents: readonly ClaimedToSend[],
  keyOf: (document: ClaimedDocument) => string | undefined,
  limits: { maxCount?: number; maxBytes?: number } = {},
): ClaimedToSend[][] {
  const groups = new Map<string, ClaimedToSend[]>();
  const alone: ClaimedToSend[][] = [];
  for (const document of documents) {
    const key = keyOf(document);
    if (key === undefined) alone.push([document]);
    else {
      const group = groups.get(key);
      if (group) group.push(document);
      else groups.set(key, [document]);
    }
  }
  const sends = [...groups.values()].flatMap((group) =>
    packLots(
      group.map((d) => d.xml),
      limits,
    ).map((lot) => lot.flatMap((index) => group[index] ?? [])),
  );
  return [...sends, ...alone];
}

/** Documents waiting on a recibo, one list per recibo: one NFeRetAutorizacao4 answers them all. */
export function planReceipts(documents: readonly ClaimedDocument[]): ClaimedDocument[][] {
  const byRecibo = new Map<string, ClaimedDocument[]>();
  for (const document of documents) {
    if (!document.recibo) throw new Error('a receipt poll needs a recibo');
    const lot = byRecibo.get(document.recibo);
    if (lot) lot.push(document);
    else byRecibo.set(document.recibo, [document]);
  }
  return [...byRecibo.values()];
}

/**
 * The key of the lot a document never sent may travel in: one product, certificate (by its bytes:
 * branches that share one may share a lot), UF (the chave starts with the cUF: one UF, one
 * authoriser) and ambiente. Undefined without a certificate: it goes alone.
 */
export function lotKeyOf(document: ClaimedDocument, certificateKey: string | undefined) {
  return (
    certificateKey &&
    // The chave's UF and tpEmis (its 35th digit): a lot goes to one authoriser, or to one SVC.
    `${document.productId}|${certificateKey}|${document.chave.slice(0, 2)}|${document.chave.charAt(34)}|${document.ambiente}`
  );
}

/**
 * How long documents never sent keep gathering before the next claim of them (0: claim now).
 * Claimed at most once per `gatherMs`, a stream of emissions leaves in lots rather than an
 * exchange each; only a claim that found documents starts an interval (`lastFoundAt`), so the
 * first after a quiet spell goes at once.
 */
export function gatherLeftMs(lastFoundAt: number, gatherMs: number, now: number): number {
  return Math.max(0, lastFoundAt + gatherMs - now);
}
