import { NUMERIC_CNPJ_PATTERN } from '@emissor/nfe-xml/primitives';
import type { SigningCredentials } from '@emissor/signer';
import { signElement } from '@emissor/signer';

import { NFE_NAMESPACE } from '../namespaces.js';
import { element } from '../xml/escape.js';
import { SefazMessageError } from './errors.js';
import type { Ambiente } from './fields.js';
import { isUfCode, requireMatch, requireSchemaText, tpAmbOf } from './fields.js';

export interface InutilizacaoInput {
  readonly ambiente: Ambiente;
  /** IBGE code of the emitter's UF. */
  readonly cUF: string;
  /** Two-digit year of the numbers (`ano`), e.g. `26`: the caller's calendar, not ours. */
  readonly ano: string;
  /** The official schema takes a CNPJ only. */
  readonly cnpj: string;
  readonly serie: number;
  readonly numeroInicial: number;
  readonly numeroFinal: number;
  /** 15–255 characters. */
  readonly justificativa: string;
  /** 55 (NF-e) unless told otherwise. */
  readonly modelo?: '55' | '65';
}

/**
 * Most numbers one `inutNFe` may void (`nNFFin - nNFIni + 1`): SEFAZ refuses a larger range with
 * cStat 201 ("número máximo de numeração a inutilizar ultrapassou o limite").
 */
export const MAX_INUTILIZACAO_NUMBERS = 10_000;

function requireNumber(field: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new SefazMessageError(field, `expected an integer ${min}–${max}`);
  return value;
}

/**
 * `ID` + cUF + ano + CNPJ + modelo + série (3) + first (9) + last (9): the `infInut` Id, 43
 * characters (sefaz.md §5); the body keeps série and numbers unpadded.
 */
export function inutilizacaoId(input: InutilizacaoInput): string {
  const pad = (value: number, width: number): string => String(value).padStart(width, '0');
  return (
    `ID${input.cUF}${input.ano}${input.cnpj}${input.modelo ?? '55'}${pad(input.serie, 3)}` +
    `${pad(input.numeroInicial, 9)}${pad(input.numeroFinal, 9)}`
  );
}

/** The unsigned `inutNFe` 4.00; sign it with `signInutNFe`. */
export function buildInutNFe(input: InutilizacaoInput): string {
  if (typeof input.cUF !== 'string' || !isUfCode(input.cUF))
    throw new SefazMessageError('cUF', 'expected the IBGE code of a UF');
  if (input.modelo !== undefined && input.modelo !== '55' && input.modelo !== '65')
    throw new SefazMessageError('modelo', 'expected 55 or 65');
  requireMatch('ano', input.ano, /^[0-9]{2}$/, 'a 2-digit year');
  requireMatch('cnpj', input.cnpj, NUMERIC_CNPJ_PATTERN, 'a 14-digit CNPJ');
  requireNumber('serie', input.serie, 0, 999);
  const first = requireNumber('numeroInicial', input.numeroInicial, 1, 999_999_999);
  const last = requireNumber('numeroFinal', input.numeroFinal, 1, 999_999_999);
  if (last < first) throw new SefazMessageError('numeroFinal', 'must not be below numeroInicial');
  const xJust = requireSchemaText('justificativa', input.justificativa, 15, 255);
  return (
    `<inutNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><infInut Id="${inutilizacaoId(input)}">` +
    `<tpAmb>${tpAmbOf(input.ambiente)}</tpAmb><xServ>INUTILIZAR</xServ><cUF>${input.cUF}</cUF>` +
    `<ano>${input.ano}</ano><CNPJ>${input.cnpj}</CNPJ><mod>${input.modelo ?? '55'}</mod>` +
    `<serie>${input.serie}</serie><nNFIni>${first}</nNFIni><nNFFin>${last}</nNFFin>` +
    `${element('xJust', xJust)}</infInut></inutNFe>`
  );
}

/** Signs `infInut` with the emitter's certificate (enveloped XMLDSig, the NF-e rules). */
export function signInutNFe(inutNFe: string, credentials: SigningCredentials): string {
  return signElement(inutNFe, 'infInut', credentials);
}
