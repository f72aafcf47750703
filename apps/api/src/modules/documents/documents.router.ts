import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import type { Kysely } from 'kysely';

import type { DanfeRenderer } from '../../danfe/danfe-renderer.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { preferredWait } from '../../http/prefer-wait.js';
import { productOf } from '../../http/product-of.js';
import type { FinalStatusSignal } from '../transmission/final-status-signal.js';
import { toDocumentRead } from './documents.mapper.js';
import {
  findDanfeSource,
  findDocument,
  findDocumentXml,
  listDocuments,
} from './documents.repository.js';
import { readWhenFinal } from './wait-until-final.js';

/** What the document routes use of the app's context (app-context.ts). */
export interface DocumentRoutesContext {
  db: Kysely<Database>;
  danfe: DanfeRenderer;
  /** Absent when SEFAZ=off: nothing is waited for. */
  finalStatus?: FinalStatusSignal | undefined;
}

export function documentsHandlers({ db, danfe, finalStatus }: DocumentRoutesContext) {
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
    getDocument: async ({ params, req, res }) => {
      const productId = productOf(req);
      const read = () => findDocument(db, productId, params.document_id);
      const wait = preferredWait(req.headers.prefer);
      const row =
        wait === undefined
          ? await read()
          : await readWhenFinal(finalStatus, params.document_id, wait, read);
      if (!row) throw appError('document_not_found', 'No such document.');
      if (wait !== undefined) res.setHeader('Preference-Applied', `wait=${wait}`);
      return { status: 200, body: toDocumentRead(row) };
    },
    getDocumentXml: async ({ params, req }) => {
      const xml = await findDocumentXml(db, productOf(req), params.document_id);
      if (xml === undefined) throw appError('document_not_found', 'No such document.');
      return { status: 200, body: xml };
    },
    getDocumentDanfe: async ({ params, req, res }) => {
      const source = await findDanfeSource(db, productOf(req), params.document_id);
      if (!source) throw appError('document_not_found', 'No such document.');
      // The stored XML is a signed NFe (or an nfeProc once authorised): the package prints
      // "NÃO AUTORIZADA" by itself when there is no protocol; cancellation is a status, not XML.
      const pdf = await danfe.render(source.xml, { cancelada: source.status === 'cancelada' });
      res.setHeader('Content-Disposition', `inline; filename="NFe${source.chave}.pdf"`);
      // ts-rest types one body for both ends: the SDK reads a PDF as a Blob, Express sends bytes.
      const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      return { status: 200, body: bytes as unknown as Blob };
    },
  });
}
