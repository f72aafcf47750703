import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import {
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  FiscalDocumentReadSchema,
} from '../schemas/documents.js';
import { authenticated, notFound } from './responses.js';

const c = initContract();

/** Issued documents and their signed XML. */
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
    pathParams: DocumentIdParamsSchema,
    responses: { 200: FiscalDocumentReadSchema, ...authenticated, ...notFound },
    metadata: { auth: 'api-key' } as const,
  },
  getDocumentXml: {
    method: 'GET',
    path: '/documentos/:document_id/xml',
    summary: 'The signed NF-e XML of a document',
    pathParams: DocumentIdParamsSchema,
    responses: {
      200: c.otherResponse({ contentType: 'application/xml', body: z.string() }),
      ...authenticated,
      ...notFound,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
