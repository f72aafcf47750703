import { CNPJ_PATTERN } from './primitives/cnpj.js';

/** The parts of an NF-e chave de acesso (domain doc §1). */
export interface ChaveParts {
  /** IBGE code of the emitter's state, 2 digits. */
  readonly cUF: string;
  /** Year and month of dhEmi, `AAMM`. */
  readonly aamm: string;
  /** Emitter CNPJ, 14 characters (12 of `[0-9A-Z]` then 2 digits). */
  readonly cnpj: string;
  readonly serie: number;
  readonly numero: number;
  /** tpEmis, one digit. */
  readonly tpEmis: string;
  /** cNF, 8 digits. */
  readonly codigoNumerico: string;
  /** Document model; 55 (NF-e) unless given. */
  readonly modelo?: string;
}

/**
 * Modulo-11 check digit of the first 43 characters of a chave: weights 2..9 from the right,
 * repeating; each character counts `charCode − 48`, which is its digit for 0–9 and extends to the
 * letters of the alphanumeric CNPJ; remainders 0 and 1 give 0 (sped-common Keys::verifyingDigit).
 */
export function modulo11CheckDigit(first43: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? '0' : String(11 - remainder);
}

/**
 * The 44-character chave: cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
 * Throws a `RangeError` on parts that do not fit their width.
 */
export function chaveAcesso(parts: ChaveParts): string {
  const modelo = parts.modelo ?? '55';
  const checks: [boolean, string][] = [
    [/^\d{2}$/.test(parts.cUF), 'cUF'],
    [/^\d{2}(0[1-9]|1[0-2])$/.test(parts.aamm), 'aamm'],
    [CNPJ_PATTERN.test(parts.cnpj), 'cnpj'],
    [/^\d{2}$/.test(modelo), 'modelo'],
    [Number.isInteger(parts.serie) && parts.serie >= 0 && parts.serie <= 999, 'serie'],
    [Number.isInteger(parts.numero) && parts.numero >= 1 && parts.numero <= 999_999_999, 'numero'],
    [/^\d$/.test(parts.tpEmis), 'tpEmis'],
    [/^\d{8}$/.test(parts.codigoNumerico), 'codigoNumerico'],
  ];
  for (const [ok, name] of checks) if (!ok) throw new RangeError(`chaveAcesso: invalid ${name}`);
  const first43 =
    parts.cUF +
    parts.aamm +
    parts.cnpj +
    modelo +
    String(parts.serie).padStart(3, '0') +
    String(parts.numero).padStart(9, '0') +
    parts.tpEmis +
    parts.codigoNumerico;
  return first43 + modulo11CheckDigit(first43);
}

/** 00000000 … 99999999, 12345678 … 90123456 and 01234567: the 20 codes NT 2019.001 forbids. */
const TRIVIAL_CODES: ReadonlySet<string> = new Set([
  ...Array.from({ length: 10 }, (_, d) => String(d).repeat(8)),
  ...Array.from({ length: 10 }, (_, start) =>
    Array.from({ length: 8 }, (_, i) => String((start + i) % 10)).join(''),
  ),
]);

/**
 * Whether `cNF` may be used with this `nNF`: 8 digits, not equal to nNF (compared as numbers, since
 * nNF 26 and cNF 00000026 are "the same"), and not one of the 20 trivial sequences
 * (NT 2019.001; sped-common Keys::cNFIsValid).
 */
export function isValidCodigoNumerico(codigoNumerico: string, numero: number): boolean {
  if (!/^\d{8}$/.test(codigoNumerico)) return false;
  if (Number(codigoNumerico) === numero) return false;
  return !TRIVIAL_CODES.has(codigoNumerico);
}

/**
 * Draws cNF candidates from `draw` (e.g. 8 random digits from `node:crypto`) until one is valid for
 * `numero`. Gives up with a `RangeError` after 1000 invalid draws (a broken source of randomness).
 */
export function pickCodigoNumerico(numero: number, draw: () => string): string {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const candidate = draw();
    if (isValidCodigoNumerico(candidate, numero)) return candidate;
  }
  throw new RangeError('pickCodigoNumerico: no valid cNF after 1000 draws');
}
