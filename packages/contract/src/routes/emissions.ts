import { initContract } from '@ts-rest/core';

import { FiscalDocumentReadSchema } from '../schemas/documents.js';
import { EmissaoRequestSchema, EmissionHeadersSchema } from '../schemas/emissions.js';
import { DOCUMENT_EXAMPLE, EMISSION_EXAMPLE, PROCESSING_DOCUMENT_EXAMPLE } from '../examples.js';
import { TRANSPORT_BILLING_EMISSION_EXAMPLE } from '../examples-transport-billing.js';
import { RETURN_EMISSION_EXAMPLE } from '../examples-return.js';
import { ITEM_GROUPS_EMISSION_EXAMPLE } from '../examples-item-groups.js';
import { TAX_GROUPS_EMISSION_EXAMPLE } from '../examples-tax-groups.js';
import {
  EXPORT_EMISSION_EXAMPLE,
  MARKETPLACE_EMISSION_EXAMPLE,
} from '../examples-header-trailer.js';
import { asBody } from '../openapi-meta.js';
import { authenticated, errorBody, invalidRequest, withJsonBody } from './responses.js';

const issued = (description: string) =>
  asBody(FiscalDocumentReadSchema, description, {
    autorizada: {
      summary: 'With Prefer: wait=10, SEFAZ authorised it in time',
      value: DOCUMENT_EXAMPLE,
    },
    processando: {
      summary: 'Without Prefer: wait, sent to SEFAZ (read it later)',
      value: PROCESSING_DOCUMENT_EXAMPLE,
    },
  });

const c = initContract();

/** Issuing an NF-e. */
export const emissionsRouter = c.router({
  emit: {
    method: 'POST',
    path: '/emissoes',
    summary: 'Issue (build, number and sign) an NF-e, once per Idempotency-Key',
    description:
      '201 with the new document; 200 with the existing one (header Idempotent-Replayed: true) when this product already used the key.',
    headers: EmissionHeadersSchema,
    body: asBody(EmissaoRequestSchema, 'The NF-e to issue', {
      'venda a consumidor': {
        summary: 'A bakery (Regime Normal, SP) sells two loaves to a person, paid by PIX',
        value: EMISSION_EXAMPLE,
      },
      devolução: {
        summary:
          "Maria returns those loaves: the bakery issues the return (fin_nfe 4, tp_nf 0, CFOP 1202, tpag 90) referencing the sale. The chave_acesso stands for the sale's (the 201 example's): send the one your sale's emission returned",
        value: RETURN_EMISSION_EXAMPLE,
      },
      'venda a prazo com transporte': {
        summary:
          'A sale on credit to a supermarket: 40 loaves with a discount and freight, shipped by a carrier, paid by boleto in two duplicatas',
        value: TRANSPORT_BILLING_EMISSION_EXAMPLE,
      },
      'venda em marketplace': {
        summary:
          'The bakery sells on a marketplace (ind_intermed 1, the intermediary in infIntermed), delivered to another address, referencing an earlier note',
        value: MARKETPLACE_EMISSION_EXAMPLE,
      },
      'venda com desconto, frete e lote': {
        summary:
          "The same loaves from a batch, with a discount and freight, against the buyer's purchase order",
        value: ITEM_GROUPS_EMISSION_EXAMPLE,
      },
      'venda com ST retida e tributos aproximados': {
        summary:
          'The bread and a soft drink whose ICMS-ST the industry charged earlier (CST 60), with the approximate tax burden (vTotTrib)',
        value: TAX_GROUPS_EMISSION_EXAMPLE,
      },
      exportação: {
        summary: 'An export to a buyer in the United States (uf_destino_tipo exterior, CFOP 7102)',
        value: EXPORT_EMISSION_EXAMPLE,
      },
    }),
    responses: {
      201: issued('The new document'),
      200: issued(
        'The document issued before with this Idempotency-Key (Idempotent-Replayed: true)',
      ),
      ...authenticated,
      422: invalidRequest({
        'bad NCM': [
          {
            loc: ['body', 'itens', 0, 'ncm'],
            msg: 'String should be 8 digits (NCM)',
            type: 'string_pattern_mismatch',
            input: '1905',
          },
        ],
        'key reused for other data': [
          {
            loc: ['header', 'idempotency-key'],
            msg: 'This Idempotency-Key was already used for a different request; use a new key for new data.',
            type: 'idempotency_key_reused',
          },
        ],
      }),
      ...withJsonBody,
      404: errorBody('series_not_found', 'certificate_not_found'),
      409: errorBody(
        'emitente_certificate_cnpj_mismatch',
        'certificate_expired',
        'certificate_not_yet_valid',
        'series_exhausted',
      ),
    },
    metadata: { auth: 'api-key' } as const,
  },
});
