import { CNPJ_PATTERN } from '@emissor/nfe-xml/primitives';

import type { Address } from '../model/types.js';

/** The chave in the 11 groups of four the MOC prints (Anexo II §3.1.1). */
export function groupKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * CNPJ `00.000.000/0000-00` (the alphanumeric CNPJ keeps the same mask), CPF `000.000.000-00`;
 * anything else (idEstrangeiro) as it is.
 */
export function formatDocument(document: string | undefined): string {
  if (!document) return '';
  if (CNPJ_PATTERN.test(document)) {
    return `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
  }
  if (/^\d{11}$/.test(document)) {
    return `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
  }
  return document;
}

/** An address's street line as every block prints it: `street, number - complement`. */
export function formatStreet(a: Address): string {
  const street = [a.street, a.number].filter(Boolean).join(', ');
  return a.complement ? `${street} - ${a.complement}` : street;
}

/** CEP `00000-000`. */
export function formatCep(cep: string | undefined): string {
  if (!cep) return '';
  return /^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep;
}

/** Phone with its area code: `(11) 3333-4444`, `(11) 93333-4444`; other lengths as they are. */
export function formatPhone(phone: string | undefined): string {
  if (!phone) return '';
  if (/^\d{10}$/.test(phone))
    return `(${phone.slice(0, 2)}) ${phone.slice(2, 6)}-${phone.slice(6)}`;
  if (/^\d{11}$/.test(phone))
    return `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
  return phone;
}

/** nNF as `000.000.026` (9 digits in groups of three). */
export function formatNumber(nNF: string): string {
  const digits = nNF.padStart(9, '0');
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
}

/** Série as three digits. */
export function formatSeries(serie: string): string {
  return serie.padStart(3, '0');
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/;

/**
 * `dd/mm/aaaa` of an NF-e date or date-time, read from the text itself: the DANFE shows the
 * emitter's local date, which is what `dhEmi` says before its offset (no time-zone conversion, so
 * no dependency on the server's zone).
 */
export function formatDate(value: string | undefined): string {
  const m = value ? DATE_TIME.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (value ?? '');
}

/** `hh:mm:ss` of an NF-e date-time, as written (local to the emitter); empty for a bare date. */
export function formatTime(value: string | undefined): string {
  const m = value ? DATE_TIME.exec(value) : null;
  return m?.[4] ?? '';
}

/** `dd/mm/aaaa hh:mm:ss`. */
export function formatDateTime(value: string | undefined): string {
  const time = formatTime(value);
  return time ? `${formatDate(value)} ${time}` : formatDate(value);
}
