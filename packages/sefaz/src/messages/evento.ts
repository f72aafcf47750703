import type { SigningCredentials } from '@emissor/signer';
import { signElement } from '@emissor/signer';

import { NFE_NAMESPACE } from '../namespaces.js';
import { element, withoutXmlDeclaration } from '../xml/escape.js';
import { SefazMessageError } from './errors.js';
import type { Ambiente, Autor } from './fields.js';
import {
  autorXml,
  CHAVE_PATTERN,
  isEventDateTime,
  isUfCode,
  requireIdLote,
  requireMatch,
  requireSchemaText,
  tpAmbOf,
} from './fields.js';

export const TP_EVENTO_CANCELAMENTO = '110111';
export const TP_EVENTO_CARTA_CORRECAO = '110110';

/** Most events per `envEvento` lot, and most CC-e per NF-e (`nSeqEvento` 1–20). */
export const MAX_EVENTS_PER_LOT = 20;
export const MAX_N_SEQ_EVENTO = 20;

/**
 * The conditions of use a CC-e must carry, word for word one of the two enumerations of
 * `e110110_v1.00.xsd`; this is the unaccented one, which sped-nfe sends and SEFAZ-PR registered.
 */
export const CCE_CONDICAO_USO =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

/**
 * The organs other than a UF each pack's `TCOrgaoIBGE` admits: 90 (SUFRAMA), 91 (Ambiente
 * Nacional), 92 (SVRS for the NT 2025.002 events) for a cancellation; only 90 for a CC-e.
 */
const ORGAOS_NACIONAIS: Readonly<Record<string, readonly string[]>> = {
  [TP_EVENTO_CANCELAMENTO]: ['90', '91', '92'],
  [TP_EVENTO_CARTA_CORRECAO]: ['90'],
};

interface EventoCommon {
  readonly ambiente: Ambiente;
  /** Who signs: the emitter's CNPJ (or CPF). */
  readonly autor: Autor;
  readonly chave: string;
  /** When the event happens, with offset, e.g. `2026-11-26T10:00:00-03:00` (the caller's clock). */
  readonly dhEvento: string;
  /** IBGE code of the organ that registers it; defaults to the UF of the chave (sefaz.md §4.1). */
  readonly cOrgao?: string;
}

export interface CancelamentoInput extends EventoCommon {
  /** The authorisation protocol being cancelled (15 digits). */
  readonly nProt: string;
  /** 15–255 characters (`TJust`). */
  readonly justificativa: string;
}

export interface CartaCorrecaoInput extends EventoCommon {
  /** 1–20: one more than the last CC-e of the NF-e. Each CC-e replaces the previous ones. */
  readonly nSeqEvento: number;
  /** 15–1000 characters: every correction, since the new letter replaces the previous one. */
  readonly correcao: string;
}

/** `ID` + tpEvento + chave + nSeqEvento (2 digits): the `infEvento` Id (572 when it differs). */
export function eventoId(tpEvento: string, chave: string, nSeqEvento: number): string {
  return `ID${tpEvento}${chave}${String(nSeqEvento).padStart(2, '0')}`;
}

function eventoXml(
  common: EventoCommon,
  tpEvento: string,
  nSeqEvento: number,
  detalhe: string,
): string {
  const chave = requireMatch(
    'chave',
    common.chave,
    CHAVE_PATTERN,
    'a 44-character chave de acesso',
  );
  if (typeof common.dhEvento !== 'string' || !isEventDateTime(common.dhEvento))
    throw new SefazMessageError(
      'dhEvento',
      'expected AAAA-MM-DDThh:mm:ss±hh:00, a real date, offset −11:00 to +12:00',
    );
  const dhEvento = common.dhEvento;
  const cOrgao = common.cOrgao ?? chave.slice(0, 2);
  const nacionais = ORGAOS_NACIONAIS[tpEvento] ?? [];
  if (typeof cOrgao !== 'string' || (!isUfCode(cOrgao) && !nacionais.includes(cOrgao)))
    throw new SefazMessageError(
      'cOrgao',
      `expected the IBGE code of a UF${nacionais.length ? ` or ${nacionais.join(', ')}` : ''}`,
    );
  if (!Number.isInteger(nSeqEvento) || nSeqEvento < 1 || nSeqEvento > MAX_N_SEQ_EVENTO)
    throw new SefazMessageError('nSeqEvento', `expected 1–${MAX_N_SEQ_EVENTO}`);
  return (
    `<evento xmlns="${NFE_NAMESPACE}" versao="1.00"><infEvento Id="${eventoId(tpEvento, chave, nSeqEvento)}">` +
    `<cOrgao>${cOrgao}</cOrgao><tpAmb>${tpAmbOf(common.ambiente)}</tpAmb>${autorXml(common.autor)}` +
    `<chNFe>${chave}</chNFe><dhEvento>${dhEvento}</dhEvento><tpEvento>${tpEvento}</tpEvento>` +
    `<nSeqEvento>${nSeqEvento}</nSeqEvento><verEvento>1.00</verEvento>` +
    `<detEvento versao="1.00">${detalhe}</detEvento></infEvento></evento>`
  );
}

/** The unsigned `evento` 110111 (cancelamento, nSeqEvento 1). Sign it with `signEvento`. */
export function buildCancelamentoEvento(input: CancelamentoInput): string {
  const nProt = requireMatch('nProt', input.nProt, /^[0-9]{15}$/, 'a 15-digit protocol');
  const xJust = requireSchemaText('justificativa', input.justificativa, 15, 255);
  return eventoXml(
    input,
    TP_EVENTO_CANCELAMENTO,
    1,
    `<descEvento>Cancelamento</descEvento><nProt>${nProt}</nProt>${element('xJust', xJust)}`,
  );
}

/** The unsigned `evento` 110110 (carta de correção). Sign it with `signEvento`. */
export function buildCartaCorrecaoEvento(input: CartaCorrecaoInput): string {
  const xCorrecao = requireSchemaText('correcao', input.correcao, 15, 1000);
  return eventoXml(
    input,
    TP_EVENTO_CARTA_CORRECAO,
    input.nSeqEvento,
    `<descEvento>Carta de Correcao</descEvento>${element('xCorrecao', xCorrecao)}` +
      `<xCondUso>${CCE_CONDICAO_USO}</xCondUso>`,
  );
}

/** Signs `infEvento` (enveloped XMLDSig, the NF-e rules) with the author's certificate. */
export function signEvento(evento: string, credentials: SigningCredentials): string {
  return signElement(evento, 'infEvento', credentials);
}

/** `envEvento` 1.00 for `NFeRecepcaoEvento4`: 1–20 signed `evento`, embedded byte for byte. */
export function buildEnvEvento(input: {
  readonly idLote: string;
  readonly eventos: readonly string[];
}): string {
  const idLote = requireIdLote(input.idLote);
  if (input.eventos.length < 1 || input.eventos.length > MAX_EVENTS_PER_LOT)
    throw new SefazMessageError(
      'eventos',
      `expected 1–${MAX_EVENTS_PER_LOT} events, got ${input.eventos.length}`,
    );
  const eventos = input.eventos.map((evento, index) => {
    const body = withoutXmlDeclaration(evento).trim();
    if (!/^<evento[\s>]/.test(body) || !body.includes('<Signature'))
      throw new SefazMessageError(`eventos[${index}]`, 'expected a signed <evento>');
    return body;
  });
  return `<envEvento xmlns="${NFE_NAMESPACE}" versao="1.00"><idLote>${idLote}</idLote>${eventos.join('')}</envEvento>`;
}
