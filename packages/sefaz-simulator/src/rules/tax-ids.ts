/*
 * The check digits of the Brazilian tax ids, as the authoriser checks them on every party a
 * document names ("CNPJ com zeros, nulo ou DV inválido"). The CNPJ form also covers the
 * alphanumeric CNPJ: each character counts as its code minus 48, which leaves digits as they are.
 */

/** The modulo-11 digit of `body`, weights 2..`maxWeight` cycling from the right. */
function modulo11(body: string, maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - 48) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** A 14-character CNPJ, not all zeros, whose two check digits are right. */
export function isValidCnpj(cnpj: string | undefined): boolean {
  if (cnpj === undefined || !/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^0+$/.test(cnpj)) return false;
  const first = modulo11(cnpj.slice(0, 12), 9);
  return cnpj.slice(12) === `${first}${modulo11(cnpj.slice(0, 12) + String(first), 9)}`;
}

/** An 11-digit CPF, not one digit repeated, whose two check digits are right. */
export function isValidCpf(cpf: string | undefined): boolean {
  if (cpf === undefined || !/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const first = modulo11(cpf.slice(0, 9), 11);
  return cpf.slice(9) === `${first}${modulo11(cpf.slice(0, 9) + String(first), 11)}`;
}
