import {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  buildConsReciNFe,
  buildConsSitNFe,
  buildConsStatServ,
  buildEnvEvento,
  buildInutNFe,
  signEvento,
  signInutNFe,
} from '@emissor/sefaz';

import type { Company } from './companies.js';

/*
 * Request messages, built and signed by @emissor/sefaz exactly as the API will build them.
 */

const brasilia = (at: Date): string =>
  `${new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;

export type EventDetail =
  | { readonly tpEvento: '110111'; readonly nProt: string; readonly xJust: string }
  | { readonly tpEvento: '110110'; readonly xCorrecao: string };

/** A signed `evento` (cancelamento or carta de correção) of `company` for `chave`. */
export function signedEvento(
  company: Company,
  chave: string,
  detail: EventDetail,
  nSeqEvento = 1,
  at: Date = new Date(Date.now() - 30_000),
): string {
  const common = {
    ambiente: 'homologacao' as const,
    autor: { cnpj: company.cnpj },
    chave,
    dhEvento: brasilia(at),
  };
  const evento =
    detail.tpEvento === '110111'
      ? buildCancelamentoEvento({ ...common, nProt: detail.nProt, justificativa: detail.xJust })
      : buildCartaCorrecaoEvento({ ...common, nSeqEvento, correcao: detail.xCorrecao });
  return signEvento(evento, company.credentials);
}

export const envEvento = (eventos: readonly string[], idLote = '1'): string =>
  buildEnvEvento({ idLote, eventos });

/** A signed `inutNFe` of `company` for numbers first…last of a series in SP. */
export function signedInutNFe(
  company: Company,
  range: { serie: number; first: number; last: number; ano?: string },
): string {
  const inutNFe = buildInutNFe({
    ambiente: 'homologacao',
    cUF: '35',
    ano: range.ano ?? String(new Date().getUTCFullYear()).slice(2),
    cnpj: company.cnpj,
    serie: range.serie,
    numeroInicial: range.first,
    numeroFinal: range.last,
    justificativa: 'Numeracao pulada por falha do sistema de emissao',
  });
  return signInutNFe(inutNFe, company.credentials);
}

export const consSitNFe = (chave: string): string =>
  buildConsSitNFe({ ambiente: 'homologacao', chave });

export const consStatServ = (cUF: string, tpAmb: '1' | '2' = '2'): string =>
  buildConsStatServ({ ambiente: tpAmb === '1' ? 'producao' : 'homologacao', cUF });

export const consReciNFe = (nRec: string): string =>
  buildConsReciNFe({ ambiente: 'homologacao', nRec });
