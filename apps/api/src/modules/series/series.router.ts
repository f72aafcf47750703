import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { productOf } from '../../http/product-of.js';
import { toSeriesRead } from './series.mapper.js';
import { insertSeries, listSeries, setNextNumber } from './series.repository.js';

export function seriesHandlers({ db }: { db: Kysely<Database> }) {
  return initServer().router(contract.series, {
    listSeries: async ({ query, req }) => {
      const rows = await listSeries(db, {
        productId: productOf(req),
        tenantRef: query.tenant_ref,
        branchRef: query.branch_ref,
      });
      return { status: 200, body: rows.map(toSeriesRead) };
    },
    createSeries: async ({ body, req }) => {
      const row = await insertSeries(
        db,
        { productId: productOf(req), tenantRef: body.tenant_ref, branchRef: body.branch_ref },
        { documentModel: body.document_model, serie: body.serie, nextNumber: body.next_number },
      );
      if (!row)
        throw appError(
          'series_already_exists',
          'This tenant and branch already have that serie for model 55.',
        );
      return { status: 201, body: toSeriesRead(row) };
    },
    patchSeries: async ({ params, body, req }) => {
      const change = await setNextNumber(db, productOf(req), params.series_id, body.next_number);
      if (change.kind === 'not_found') throw appError('series_not_found', 'No such series.');
      if (change.kind === 'in_use')
        throw appError(
          'series_number_in_use',
          `next_number must be above ${change.highestUsed}, the highest number this series has used.`,
        );
      if (change.kind === 'voided') {
        const { numero_inicial, numero_final, status } = change.voided;
        throw appError(
          'series_number_in_use',
          `next_number must be above ${numero_final}: numbers ${numero_inicial}–${numero_final} of this series are voided by an inutilização (${status}).`,
        );
      }
      return { status: 200, body: toSeriesRead(change.series) };
    },
  });
}
