/*
 * Check digits of the two Brazilian tax ids (modulo 11). SEFAZ rejects a CNPJ or CPF whose digits
 * do not check (e.g. 542/543 for the carrier, 437 for a card's acquirer), so these run before a
 * number is taken. The CNPJ form covers the alphanumeric CNPJ: each character counts as its code
 * minus 48 ('0'–'9' → 0–9, 'A'–'Z' → 17–42), which leaves all-digit CNPJs as they always were.
 */

const ZERO_CHAR = 48;

/** The modulo-11 digit of `body` with weights cycling 2..`maxWeight` from the right. */
function modulo11(body: string, maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - ZERO_CHAR) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Whether a 14-character CNPJ (digits or the alphanumeric form) has the right check digits. */
export function hasValidCnpjCheckDigits(cnpj: string): boolean {
  if (cnpj.length !== 14 || /^0+$/.test(cnpj)) return false;
  const first = modulo11(cnpj.slice(0, 12), 9);
  const second = modulo11(cnpj.slice(0, 12) + String(first), 9);
  return cnpj.slice(12) === `${first}${second}`;
}

/** Whether an 11-digit CPF has the right check digits (one digit repeated 11 times never does). */
export function hasValidCpfCheckDigits(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const first = modulo11(cpf.slice(0, 9), 11);
  const second = modulo11(cpf.slice(0, 9) + String(first), 11);
  return cpf.slice(9) === `${first}${second}`;
}
