import { signElement } from '@emissor/signer';

import type { Company } from './companies.js';

const NS = 'http://www.portalfiscal.inf.br/nfe';

const brasilia = (at: Date): string =>
  `${new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;

/** The unaccented xCondUso enumeration of the CC-e pack (what sped-nfe sends). */
const X_COND_USO =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

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
  const det =
    detail.tpEvento === '110111'
      ? `<descEvento>Cancelamento</descEvento><nProt>${detail.nProt}</nProt><xJust>${detail.xJust}</xJust>`
      : `<descEvento>Carta de Correcao</descEvento><xCorrecao>${detail.xCorrecao}</xCorrecao><xCondUso>${X_COND_USO}</xCondUso>`;
  const id = `ID${detail.tpEvento}${chave}${String(nSeqEvento).padStart(2, '0')}`;
  const evento =
    `<evento xmlns="${NS}" versao="1.00"><infEvento Id="${id}"><cOrgao>${chave.slice(0, 2)}</cOrgao><tpAmb>2</tpAmb>` +
    `<CNPJ>${company.cnpj}</CNPJ><chNFe>${chave}</chNFe><dhEvento>${brasilia(at)}</dhEvento>` +
    `<tpEvento>${detail.tpEvento}</tpEvento><nSeqEvento>${nSeqEvento}</nSeqEvento><verEvento>1.00</verEvento>` +
    `<detEvento versao="1.00">${det}</detEvento></infEvento></evento>`;
  return signElement(evento, 'infEvento', company.credentials);
}

export function envEvento(eventos: readonly string[], idLote = '1'): string {
  return `<envEvento xmlns="${NS}" versao="1.00"><idLote>${idLote}</idLote>${eventos.join('')}</envEvento>`;
}

/** A signed `inutNFe` of `company` for numbers first…last of a series in SP. */
export function signedInutNFe(
  company: Company,
  range: { serie: number; first: number; last: number; ano?: string },
): string {
  const ano = range.ano ?? String(new Date().getUTCFullYear()).slice(2);
  const id =
    `ID35${ano}${company.cnpj}55${String(range.serie).padStart(3, '0')}` +
    `${String(range.first).padStart(9, '0')}${String(range.last).padStart(9, '0')}`;
  const xml =
    `<inutNFe xmlns="${NS}" versao="4.00"><infInut Id="${id}"><tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ>` +
    `<cUF>35</cUF><ano>${ano}</ano><CNPJ>${company.cnpj}</CNPJ><mod>55</mod><serie>${range.serie}</serie>` +
    `<nNFIni>${range.first}</nNFIni><nNFFin>${range.last}</nNFFin>` +
    '<xJust>Numeracao pulada por falha do sistema de emissao</xJust></infInut></inutNFe>';
  return signElement(xml, 'infInut', company.credentials);
}

export const consSitNFe = (chave: string): string =>
  `<consSitNFe xmlns="${NS}" versao="4.00"><tpAmb>2</tpAmb><xServ>CONSULTAR</xServ><chNFe>${chave}</chNFe></consSitNFe>`;

export const consStatServ = (cUF: string, tpAmb = '2'): string =>
  `<consStatServ xmlns="${NS}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><cUF>${cUF}</cUF><xServ>STATUS</xServ></consStatServ>`;

export const consReciNFe = (nRec: string): string =>
  `<consReciNFe xmlns="${NS}" versao="4.00"><tpAmb>2</tpAmb><nRec>${nRec}</nRec></consReciNFe>`;
