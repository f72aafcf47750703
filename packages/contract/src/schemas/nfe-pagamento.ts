import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { CnpjSchema, optionalString } from './common.js';
import { decimal } from './decimal.js';
import { CnpjRecebedorField, IdTerminalField } from './nfe-pagamento-participantes.js';

// What a payment carries beyond the spec's tpag, valor and indpag (NF-e `detPag`). The NF-e
// builder checks the codes, lengths and the rules SEFAZ applies between payments and the total.

/**
 * `valor` of a payment: a decimal not below 0. Zero is for tpag 90 and 91 only, whose vPag is
 * written 0.00 whatever `valor` says; the NF-e builder refuses 0 with any other tpag (greater_than).
 */
export const PaymentAmountSchema = decimal('positive_or_zero');

export const CartaoPayloadSchema = fastObject(
  z.strictObject({
    tipo_integracao: z
      .string()
      .describe(
        'pag/detPag/card/tpIntegra: 1 payment integrated with the point of sale (TEF, e-commerce; then cnpj_credenciadora and autorizacao are required, SEFAZ 392), 2 not integrated (POS)',
      ),
    cnpj_credenciadora: CnpjSchema.nullable()
      .optional()
      .describe("pag/detPag/card/CNPJ: the acquirer's CNPJ (check digits verified, SEFAZ 437)"),
    bandeira: optionalString().describe(
      'pag/detPag/card/tBand: card brand, 01 Visa, 02 Mastercard, 03 American Express, 04 Sorocred, 05 Diners, 06 Elo, 07 Hipercard, 08 Aura, 09 Cabal, 10 Alelo, 11 Banes Card, 12 CalCard, 13 Credz, 14 Discover, 15 GoodCard, 16 GreenCard, 17 Hiper, 18 JCB, 19 Mais, 20 MaxVan, 21 Policard, 22 RedeCompras, 23 Sodexo, 24 ValeCard, 25 Verocheque, 26 VR, 27 Ticket, 99 other (SEFAZ 443)',
    ),
    autorizacao: optionalString().describe(
      'pag/detPag/card/cAut: the authorisation code of the card operation, 1–128 characters',
    ),
    cnpj_recebedor: CnpjRecebedorField,
    id_terminal: IdTerminalField,
  }),
);

// The fields `pagamento` (and each of `outros_pagamentos`) gains, ready to place in its shape.

export const CartaoField = CartaoPayloadSchema.nullable()
  .optional()
  .describe('pag/detPag/card: the card operation; optional on model 55, even for tpag 03/04/17');

export const DataPagamentoField = optionalString().describe(
  'pag/detPag/dPag: the payment date, YYYY-MM-DD. Example: "2026-11-21"',
);

export const DescricaoPagamentoField = optionalString().describe(
  'pag/detPag/xPag: what the payment is, 2–60 characters; required with tpag 99 (outros). Example: "Vale-presente"',
);

export const OUTROS_PAGAMENTOS_DESCRIPTION =
  'pag/detPag: more payments after `pagamento`, each one more detPag (up to 99, 100 in all). The amount paid in all must cover vNF unless one of them is tpag 90 or 91 (or fin_nfe is 3 or 4); the excess over vNF is written as vTroco (change)';
