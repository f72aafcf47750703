import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { optionalString } from './common.js';

// compra: the buyer's references of a purchase (a public buyer's nota de empenho, the order, the
// contract).

export const CompraField = fastObject(
  z.strictObject({
    nota_empenho: optionalString().describe(
      'compra/xNEmp: the nota de empenho of a public purchase, 1–22 characters. Example: "2026NE000123"',
    ),
    pedido: optionalString().describe("compra/xPed: the buyer's order, 1–60 characters"),
    contrato: optionalString().describe('compra/xCont: the contract, 1–60 characters'),
  }),
)
  .nullable()
  .optional()
  .describe('compra: purchase references; empty writes nothing');
