import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import {
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  FiscalDocumentReadSchema,
} from '../schemas/documents.js';
import { DocumentReadHeadersSchema } from '../schemas/emissions.js';
import {
  DOCUMENT_EXAMPLE,
  NFE_PROC_XML_EXAMPLE,
  PROCESSING_DOCUMENT_EXAMPLE,
  REJECTED_DOCUMENT_EXAMPLE,
} from '../examples.js';
import { asBody } from '../openapi-meta.js';
import { authenticated, errorBody, invalidRequest } from './responses.js';

const c = initContract();

const pdfBody = z
  .custom<Blob>((v) => v instanceof Blob || v instanceof Uint8Array, 'PDF bytes')
  .describe('The DANFE, a PDF (A4)');

const xmlBody = asBody(
  z.string(),
  'The stored XML: an nfeProc (NFe + protNFe) once authorised, else the signed NFe',
  { nfeProc: { summary: 'An authorised NF-e (shortened)', value: NFE_PROC_XML_EXAMPLE } },
);

/** Errors of the routes that read one document by its id. */
const oneDocumentErrors = {
  ...authenticated,
  422: invalidRequest({
    'not a uuid': [
      {
        loc: ['path', 'document_id'],
        msg: 'Invalid uuid',
        type: 'uuid_parsing',
        input: '42',
      },
    ],
  }),
  404: errorBody('document_not_found'),
} as const;

/** Issued documents, their signed XML and their DANFE. */
export const documentsRouter = c.router({
  listDocuments: {
    method: 'GET',
    path: '/documentos',
    summary: 'List documents, newest first, optionally filtered by tenant, branch and status',
    query: DocumentListQuerySchema,
    responses: {
      200: asBody(z.array(FiscalDocumentReadSchema), 'A page of documents, newest first', {
        page: {
          summary: 'One authorised and one rejected',
          value: [REJECTED_DOCUMENT_EXAMPLE, DOCUMENT_EXAMPLE],
        },
      }),
      ...authenticated,
      422: invalidRequest({
        'limit too big': [
          {
            loc: ['query', 'limit'],
            msg: 'Number must be less than or equal to 200',
            type: 'less_than_equal',
            input: '500',
            ctx: { le: 200 },
          },
        ],
      }),
    },
    metadata: { auth: 'api-key' } as const,
  },
  getDocument: {
    method: 'GET',
    path: '/documentos/:document_id',
    summary: 'One document record (without its XML)',
    description:
      'With `Prefer: wait=N` (1–60) the answer waits until the document leaves `processando` or N seconds pass (`Preference-Applied: wait=N`).',
    headers: DocumentReadHeadersSchema,
    pathParams: DocumentIdParamsSchema,
    responses: {
      200: asBody(FiscalDocumentReadSchema, 'The document', {
        autorizada: { summary: 'Authorised by SEFAZ', value: DOCUMENT_EXAMPLE },
        rejeitada: { summary: 'Rejected by SEFAZ', value: REJECTED_DOCUMENT_EXAMPLE },
        processando: { summary: 'Sent, no answer yet', value: PROCESSING_DOCUMENT_EXAMPLE },
      }),
      ...oneDocumentErrors,
    },
    metadata: { auth: 'api-key' } as const,
  },
  getDocumentXml: {
    method: 'GET',
    path: '/documentos/:document_id/xml',
    summary: 'The signed NF-e XML of a document (its nfeProc once SEFAZ gave it a protocol)',
    pathParams: DocumentIdParamsSchema,
    responses: {
      200: c.otherResponse({ contentType: 'application/xml', body: xmlBody }),
      ...oneDocumentErrors,
    },
    metadata: { auth: 'api-key' } as const,
  },
  getDocumentDanfe: {
    method: 'GET',
    path: '/documentos/:document_id/danfe',
    summary: 'The DANFE of a document as a PDF (A4 retrato, MOC Anexo II)',
    description:
      'Rendered from the stored XML on each request. Marks: "SEM VALOR FISCAL" in homologação, "NÃO AUTORIZADA" while the document has no protocol, "CANCELADA" once cancelled. The SDK returns the PDF as a Blob.',
    pathParams: DocumentIdParamsSchema,
    responses: {
      // The SDK reads the PDF as a Blob; the server hands over its bytes.
      200: c.otherResponse({ contentType: 'application/pdf', body: pdfBody }),
      ...oneDocumentErrors,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
