import { CNPJ_PATTERN } from '@emissor/nfe-xml/primitives';

import { UF_AUTHORISERS } from '../endpoints/table.js';
import { SefazMessageError } from './errors.js';

/** `homologacao` (tpAmb 2) or `producao` (tpAmb 1), as the contract names them. */
export type Ambiente = 'homologacao' | 'producao';

export function tpAmbOf(ambiente: Ambiente): '1' | '2' {
  if (ambiente === 'producao') return '1';
  if (ambiente === 'homologacao') return '2';
  throw new SefazMessageError(
    'ambiente',
    `expected homologacao or producao, got ${String(ambiente)}`,
  );
}

export function ambienteOf(tpAmb: string): Ambiente | undefined {
  return tpAmb === '1' ? 'producao' : tpAmb === '2' ? 'homologacao' : undefined;
}

export function requireMatch(field: string, value: string, pattern: RegExp, what: string): string {
  if (typeof value !== 'string' || !pattern.test(value))
    throw new SefazMessageError(field, `expected ${what}`);
  return value;
}

/** The IBGE codes of the 27 UFs: the schemas' `TCodUfIBGE`. */
const UF_CODES: ReadonlySet<string> = new Set(Object.values(UF_AUTHORISERS).map((e) => e.cUF));

/** Whether `code` is the IBGE code of a UF (`35` yes, `10` no). */
export function isUfCode(code: string): boolean {
  return UF_CODES.has(code);
}

/** A chave de acesso: 44 digits (positions 7–20 may be an alphanumeric CNPJ, NT 2025.001). */
export const CHAVE_PATTERN = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/** Days in a month of the Gregorian calendar (`month` 1–12). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * `TDateTimeUTC` of the event packs (tiposBasico 1.03): a real calendar date of 2000–2099, local
 * time with a whole-hour offset from −11:00 to +12:00, no fraction (e.g. `2026-11-26T10:00:00-03:00`).
 * The schema's pattern spells the calendar out; this says the same.
 */
export function isEventDateTime(value: string): boolean {
  const match =
    /^20([0-9]{2})-([0-9]{2})-([0-9]{2})T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([-+])([0-9]{2}):00$/.exec(
      value,
    );
  if (!match) return false;
  const [, yy, mm, dd, , sign, offset] = match;
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(2000 + Number(yy), month))
    return false;
  return Number(offset) <= (sign === '+' ? 12 : 11);
}

/**
 * `TString` of the schemas: Latin-1 printable characters (space to ÿ), no line breaks, no leading
 * or trailing space. The API checks user text with this before it reaches a builder.
 */
export function isSchemaText(value: string): boolean {
  return /^[!-ÿ]([ -ÿ]*[!-ÿ])?$/.test(value);
}

/** Why a text does not fit a `TString` of `min`–`max` characters, or undefined when it does. */
export type SchemaTextProblem = 'characters' | 'too_short' | 'too_long';

/**
 * What is wrong with `value` as schema text of `min`–`max` characters: `characters` (outside
 * printable Latin-1, a line break or tab, a leading or trailing space), `too_short`, `too_long`.
 * The API answers a 422 with it before anything is built; the builders throw on the same rules.
 */
export function schemaTextProblem(
  value: string,
  min: number,
  max: number,
): SchemaTextProblem | undefined {
  if (typeof value !== 'string' || !isSchemaText(value)) return 'characters';
  if (value.length < min) return 'too_short';
  if (value.length > max) return 'too_long';
  return undefined;
}

export function requireSchemaText(field: string, value: string, min: number, max: number): string {
  const problem = schemaTextProblem(value, min, max);
  if (problem === 'characters')
    throw new SefazMessageError(
      field,
      'expected printable Latin-1 text without line breaks or surrounding spaces',
    );
  if (problem)
    throw new SefazMessageError(field, `expected ${min}–${max} characters, got ${value.length}`);
  return value;
}

/** `idLote`: 1–15 digits (`TIdLote`). */
export function requireIdLote(idLote: string): string {
  return requireMatch('idLote', idLote, /^[0-9]{1,15}$/, '1–15 digits');
}

/** The author of an event or the emitter of an inutilização: CNPJ (14) or CPF (11). */
export type Autor = { readonly cnpj: string } | { readonly cpf: string };

export function autorXml(autor: Autor): string {
  if ('cnpj' in autor)
    return `<CNPJ>${requireMatch('autor.cnpj', autor.cnpj, CNPJ_PATTERN, 'a 14-character CNPJ')}</CNPJ>`;
  return `<CPF>${requireMatch('autor.cpf', autor.cpf, /^[0-9]{11}$/, 'an 11-digit CPF')}</CPF>`;
}
