import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import {
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  FiscalDocumentReadSchema,
} from '../schemas/documents.js';
import { DocumentReadHeadersSchema } from '../schemas/emissions.js';
import { authenticated, notFound } from './responses.js';

const c = initContract();

const pdfBody = z.custom<Blob>((v) => v instanceof Blob || v instanceof Uint8Array, 'PDF bytes');

/** Issued documents, their signed XML and their DANFE. */
export const documentsRouter = c.router({
  listDocuments: {
    method: 'GET',
    path: '/documentos',
    summary: 'List documents, newest first, optionally filtered by tenant, branch and status',
    query: DocumentListQuerySchema,
    responses: { 200: z.array(FiscalDocumentReadSchema), ...authenticated },
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
    responses: { 200: FiscalDocumentReadSchema, ...authenticated, ...notFound },
    metadata: { auth: 'api-key' } as const,
  },
  getDocumentXml: {
    method: 'GET',
    path: '/documentos/:document_id/xml',
    summary: 'The signed NF-e XML of a document (its nfeProc once SEFAZ gave it a protocol)',
    pathParams: DocumentIdParamsSchema,
    responses: {
      200: c.otherResponse({ contentType: 'application/xml', body: z.string() }),
      ...authenticated,
      ...notFound,
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
      ...authenticated,
      ...notFound,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
