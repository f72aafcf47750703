/**
 * What a duplicate rejection points at (MOC-I p. 134): 204 "Duplicidade de NF-e
 * [nRec:999999999999999]" and 539 "Duplicidade de NF-e com diferença na Chave de Acesso
 * [chNFe: 9…9][nRec:9…9]" carry, in xMotivo, the chave SEFAZ already has and the recibo of the lot
 * that brought it. Either may be absent; spacing varies between authorisers.
 */
export function duplicateReference(xMotivo: string): { chNFe?: string; nRec?: string } {
  const chNFe = /\[\s*chNFe\s*:\s*([0-9A-Z]{44})\s*\]/i.exec(xMotivo)?.[1];
  const nRec = /\[\s*nRec\s*:\s*([0-9]{15})\s*\]/i.exec(xMotivo)?.[1];
  return { ...(chNFe ? { chNFe } : {}), ...(nRec ? { nRec } : {}) };
}

/** What an inutilização refusal says about the range at SEFAZ. */
export type InutilizacaoConflict = 'same_range' | 'overlapping' | 'number_used';

/**
 * The refusals of an inutilização that describe the numbers rather than the request (sefaz.md §5):
 * 563 "Já existe pedido de Inutilização com a mesma faixa" — the very range is voided, so after an
 * unknown outcome of one's own request that request was registered (there is no consultation of an
 * inutilização to learn its protocol); 256 part of the range is voided by another request; 241 a
 * number of it belongs to an NF-e. Undefined for any other cStat.
 */
export function inutilizacaoConflict(cStat: string): InutilizacaoConflict | undefined {
  switch (cStat.trim()) {
    case '563':
      return 'same_range';
    case '256':
      return 'overlapping';
    case '241':
      return 'number_used';
    default:
      return undefined;
  }
}

/**
 * 573 "Duplicidade de Evento": SEFAZ already registered this tpEvento + chave + nSeqEvento (an
 * earlier send whose answer was lost, or a concurrent one). Never send it again: consult the chave
 * and take the registered event from its `procEventoNFe` (`registeredEvento`).
 */
export function isDuplicateEvento(cStat: string): boolean {
  return cStat.trim() === '573';
}
