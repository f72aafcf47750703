/**
 * The CNPJ the API accepts (docs/api-rules.md "CNPJ"): 14 characters, 12 of `[0-9A-Z]` (the alphanumeric CNPJ
 * of 2026) then 2 check digits. One pattern for the contract, this library and the signer.
 */
export const CNPJ_PATTERN = /^[0-9A-Z]{12}[0-9]{2}$/;

/** The all-digit CNPJ, the only one the NF-e 4.00 schema packs in use accept (TCnpj). */
export const NUMERIC_CNPJ_PATTERN = /^[0-9]{14}$/;
