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
