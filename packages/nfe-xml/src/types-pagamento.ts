/* What a payment (`pagamento` and each of `outros_pagamentos`) carries beyond tpag, valor, indpag. */

/** detPag/card: a card payment's details (optional on model 55). */
export interface NfeCartao {
  /** tpIntegra: 1 integrated with the point of sale (then cnpj_credenciadora and autorizacao are required), 2 not. */
  tipo_integracao: string;
  /** CNPJ of the acquirer (credenciadora). */
  cnpj_credenciadora?: string | null;
  /** tBand: card brand code (01 Visa, 02 Mastercard, … 99 other). */
  bandeira?: string | null;
  /** cAut: the authorisation code, 1–128 characters. */
  autorizacao?: string | null;
  /** CNPJReceb: the CNPJ of who receives the payment. */
  cnpj_recebedor?: string | null;
  /** idTermPag: the payment terminal, 1–40 characters. */
  id_terminal?: string | null;
}
