import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';

import type { AppContext } from '../../app-context.js';
import { appError } from '../../errors.js';
import { productOf } from '../../http/product-of.js';
import { toDocumentRead } from './documents.mapper.js';
import { findDocument, findDocumentXml, listDocuments } from './documents.repository.js';

export function documentsHandlers({ db }: AppContext) {
  return initServer().router(contract.documents, {
    listDocuments: async ({ query, req }) => {
      const rows = await listDocuments(db, {
        productId: productOf(req),
        tenantRef: query.tenant_ref,
        branchRef: query.branch_ref,
        status: query.status,
        limit: query.limit,
        offset: query.offset,
      });
      return { status: 200, body: rows.map(toDocumentRead) };
    },
    getDocument: async ({ params, req }) => {
      const row = await findDocument(db, productOf(req), params.document_id);
      if (!row) throw appError('document_not_found', 'No such document.');
      return { status: 200, body: toDocumentRead(row) };
    },
    getDocumentXml: async ({ params, req }) => {
      const xml = await findDocumentXml(db, productOf(req), params.document_id);
      if (xml === undefined) throw appError('document_not_found', 'No such document.');
      return { status: 200, body: xml };
    },
  });
}
