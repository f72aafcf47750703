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

/** A chave de acesso: 44 digits (positions 7–20 may be an alphanumeric CNPJ, NT 2025.001). */
export const CHAVE_PATTERN = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/** `TDateTimeUTC` of the event packs: local time with an offset, no fraction (e.g. `2026-11-26T10:00:00-03:00`). */
export const DATE_TIME_UTC_PATTERN =
  /^20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9][-+](0[0-9]|1[0-2]):00$/;

/**
 * `TString` of the schemas: Latin-1 printable characters (space to ÿ), no line breaks, no leading
 * or trailing space. The API checks user text with this before it reaches a builder.
 */
export function isSchemaText(value: string): boolean {
  return /^[!-ÿ]([ -ÿ]*[!-ÿ])?$/.test(value);
}

export function requireSchemaText(field: string, value: string, min: number, max: number): string {
  if (typeof value !== 'string' || !isSchemaText(value))
    throw new SefazMessageError(
      field,
      'expected printable Latin-1 text without line breaks or surrounding spaces',
    );
  if (value.length < min || value.length > max)
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
    return `<CNPJ>${requireMatch('autor.cnpj', autor.cnpj, /^[0-9A-Z]{12}[0-9]{2}$/, 'a 14-character CNPJ')}</CNPJ>`;
  return `<CPF>${requireMatch('autor.cpf', autor.cpf, /^[0-9]{11}$/, 'an 11-digit CPF')}</CPF>`;
}
