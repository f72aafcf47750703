import { DanfeError } from '../errors.js';

/** TChNFe of PL_010: 6 digits, 12 of `[0-9A-Z]` (the alphanumeric CNPJ), 26 digits. */
const KEY = /^\d{6}[0-9A-Z]{12}\d{26}$/;

/**
 * Modulo-11 check digit of the chave's first 43 characters (and of the 35 of the "Dados da NF-e"
 * barcode): weights 2..9 from the right; each character counts `charCode − 48`, which extends the
 * digits' rule to the letters of the alphanumeric CNPJ.
 */
export function checkDigit(digits: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? '0' : String(11 - remainder);
}

/** The chave from `infNFe/@Id` (`NFe` + 44 characters), checked: format, model 55 and DV. */
export function checkKey(id: string | undefined): string {
  if (id === undefined) {
    throw new DanfeError('missing_field', 'infNFe has no Id attribute', 'infNFe/@Id');
  }
  const key = id.startsWith('NFe') ? id.slice(3) : '';
  if (!KEY.test(key)) {
    throw new DanfeError(
      'invalid_field',
      `infNFe/@Id should be "NFe" and a 44-character chave, not "${id}"`,
      'infNFe/@Id',
    );
  }
  if (checkDigit(key.slice(0, 43)) !== key.charAt(43)) {
    throw new DanfeError('invalid_field', `The chave ${key} has a wrong check digit`, 'infNFe/@Id');
  }
  return key;
}
