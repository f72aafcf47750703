import type pg from 'pg';

import { namedStatement, queryNamed, type Queryable } from '../../db/named-statement.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { DocumentRow, Series } from '../../db/schema.js';
import { columnsOf, into, tables } from '../../db/sql-names.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import { createPackingCertificateIds } from '../../storage/packing-certificates.js';
import { XML_PACKING } from '../../storage/xml-packing.js';
import type {
  ClaimOutcome,
  ClaimsResult,
  DocumentStore,
  DocumentToStore,
  LockedResult,
  LockedSeries,
} from './document-store.js';

const SERIES = columnsOf('series');
const S = columnsOf('series', 's');
const DOCUMENTS = columnsOf('documents');
const D = columnsOf('documents', 'd');

// The documents of both statements arrive as parallel arrays (unnest), so a batch of any size is
// one statement with a fixed text, planned once per connection (named statements).
const INPUT_COLUMNS = `
  unnest($4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::uuid[], $9::int[], $10::int[],
         $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::bytea[],
         $19::int[])
    as t(id, product_id, tenant_ref, branch_ref, series_id, serie, numero,
         chave, codigo_numerico, ambiente, idempotency_key, request_fingerprint, packed,
         packing_certificate_id)`;

// Packed (src/storage/xml-packing.js, format $20), about 1 KB: stored inline in the row.
const XML_COLUMNS = `${into('document_xml', ['document_id', 'packing', 'packing_certificate_id', 'packed'])}
  select i.id, $20::smallint, i.packing_certificate_id, i.packed`;

const DOCUMENT_INSERT = into('documents', [
  'id',
  'product_id',
  'tenant_ref',
  'branch_ref',
  'series_id',
  'document_model',
  'serie',
  'numero',
  'chave_acesso',
  'codigo_numerico',
  'status',
  'ambiente',
  'idempotency_key',
  'request_fingerprint',
]);

const INSERT_DOCUMENTS = `
  insert into ${DOCUMENT_INSERT}
  select i.id, i.product_id, i.tenant_ref, i.branch_ref, i.series_id, '55', i.serie, i.numero,
         i.chave, i.codigo_numerico, $17::varchar, i.ambiente, i.idempotency_key, i.request_fingerprint
  from input i`;

// With transmission on, every stored document is queued for SEFAZ by the statement that stores it
// ($18), so a document is never stored without its place in the queue, nor queued without a row.
const ENQUEUE = `
  insert into ${into('transmission_queue', ['document_id'])} select i.id from input i where $18::boolean`;

// `locked` takes the series rows in id order (every process does, so two statements cannot
// deadlock); a claim wins only if the counter still equals the first number it claimed, i.e.
// nobody numbered that series since this process reserved its numbers. Winners advance the counter
// and insert their documents and XML in the same statement, so a number is never visible without
// its document. Losers change nothing.
const STORE_IF_COUNTERS_UNCHANGED = namedStatement<{
  seriesId: Series['id'];
  stored: boolean;
  counter: Series['next_number'] | null;
  createdAt: DocumentRow['created_at'];
}>(
  'emissor_store_if_counters_unchanged',
  `
    with claim as (
      select * from unnest($1::uuid[], $2::int[], $3::int[]) as c(series_id, first_number, count)
    ), locked as materialized (
      select ${S.id}, ${S.next_number} from ${tables.series} s
      where ${S.id} = any($1::uuid[]) and ${S.deleted_at} is null
      order by ${S.id}
      for update
    ), won as materialized (
      select c.series_id, c.first_number + c.count as next_number
      from claim c join locked l on l.id = c.series_id and l.next_number = c.first_number
    ), advanced as (
      update ${tables.series} s set ${SERIES.next_number} = won.next_number, ${SERIES.updated_at} = now()
      from won where ${S.id} = won.series_id
    ), input as (
      select t.* from ${INPUT_COLUMNS} join won on won.series_id = t.series_id
    ), doc as (${INSERT_DOCUMENTS}
    ), stored_xml as (
      insert into ${XML_COLUMNS} from input i
    ), queued as (${ENQUEUE}
    )
    select c.series_id as "seriesId", won.series_id is not null as stored, l.next_number as counter,
           now() as "createdAt"
    from claim c left join won on won.series_id = c.series_id left join locked l on l.id = c.series_id`,
);

const LOCK_SERIES = namedStatement<{ nextNumber: Series['next_number'] }>(
  'emissor_lock_series',
  `select ${SERIES.next_number} as "nextNumber" from ${tables.series} where ${SERIES.id} = $1 for update`,
);

/** A document of the key asked for, or all nulls (left join) when the key was not used. */
type UsedKeyRow = DocumentRow | { [Column in keyof DocumentRow]: null };

// Read after the lock is held, so it sees every document committed before. The highest number
// used keeps a counter that was moved behind a used number (before PATCH refused that) from
// turning into a unique violation. One row at least (the aggregate); then one per used key.
const READ_UNDER_LOCK = namedStatement<{ maxUsed: DocumentRow['numero'] | null } & UsedKeyRow>(
  'emissor_read_under_series_lock',
  `
    select m.max_used as "maxUsed", d.*
    from (select max(${DOCUMENTS.numero}) as max_used from ${tables.documents} where ${DOCUMENTS.series_id} = $1) m
    left join ${tables.documents} d on ${D.product_id} = $2 and ${D.idempotency_key} = any($3::text[])`,
);

// Inside the transaction that holds the series row: a key another process stored meanwhile is
// skipped (on conflict), and then the counter is not moved, so the caller can roll back and retry.
const STORE_LOCKED = namedStatement<{ stored: number; createdAt: DocumentRow['created_at'] }>(
  'emissor_store_locked',
  `
    with input as (
      select * from ${INPUT_COLUMNS}
    ), doc as (${INSERT_DOCUMENTS}
      on conflict (${DOCUMENTS.product_id}, ${DOCUMENTS.idempotency_key}) do nothing
      returning ${DOCUMENTS.id}
    ), stored_xml as (
      insert into ${XML_COLUMNS} from input i join doc on doc.id = i.id
    ), queued as (${ENQUEUE.replace('from input i', 'from input i join doc on doc.id = i.id')}
    ), advanced as (
      update ${tables.series} set ${SERIES.next_number} = $2, ${SERIES.updated_at} = now()
      where ${SERIES.id} = $1 and (select count(*) from doc) = $3
    )
    select (select count(*) from doc)::int as stored, now() as "createdAt"`,
);

export interface DocumentStoreOptions {
  /**
   * Transmission to SEFAZ is on: documents are stored `processando` and queued in the same
   * statement, and `onQueued` is told after the commit (this process's workers pick them up).
   */
  transmission?: { onQueued: () => void };
}

/** The document store on PostgreSQL: both statements, and the rows they create. */
export function createPgDocumentStore(
  pool: pg.Pool,
  options: DocumentStoreOptions = {},
): DocumentStore {
  const transmit = options.transmission !== undefined;
  const packingIds = createPackingCertificateIds(pool);
  const status = transmit ? 'processando' : 'assinada';
  const queued = () => options.transmission?.onQueued();
  const storedRow = (id: string, document: DocumentToStore, createdAt: Date) =>
    rowOf(id, document, createdAt, status);
  return {
    async storeIfCountersUnchanged(claims, documents): Promise<ClaimsResult> {
      const ids = documents.map(() => timeOrderedId());
      let rows;
      try {
        rows = await queryNamed(pool, STORE_IF_COUNTERS_UNCHANGED, [
          claims.map((c) => c.seriesId),
          claims.map((c) => c.firstNumber),
          claims.map((c) => c.count),
          ...documentColumns(ids, documents),
          status,
          transmit,
          await packingIds.idsOf(documents.map((d) => d.certificateBase64)),
          XML_PACKING,
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'conflict' };
        throw error;
      }
      const outcomes = new Map<string, ClaimOutcome>();
      for (const row of rows)
        outcomes.set(
          row.seriesId,
          row.stored ? { stored: true } : { stored: false, counter: row.counter },
        );
      const createdAt = rows[0]?.createdAt;
      if (!createdAt || outcomes.size !== claims.length)
        throw new Error('optimistic store answered for other series than claimed');
      const created = new Map<DocumentToStore, DocumentRow>();
      documents.forEach((document, i) => {
        if (outcomes.get(document.target.seriesId)?.stored)
          created.set(document, storedRow(ids[i] ?? '', document, createdAt));
      });
      if (created.size > 0) queued();
      return { kind: 'settled', outcomes, created };
    },

    async storeUnderSeriesLock(target, keys, numberAndSign): Promise<LockedResult> {
      const client = await pool.connect();
      let broken: unknown;
      try {
        await client.query('begin');
        const series = await lockSeries(client, target.seriesId, target.productId, keys);
        const documents = await numberAndSign(series);
        if (documents.length === 0) {
          await client.query('commit');
          return { kind: 'stored', created: new Map() };
        }
        const ids = documents.map(() => timeOrderedId());
        const last = Math.max(...documents.map((d) => d.numero));
        let rows;
        try {
          rows = await queryNamed(client, STORE_LOCKED, [
            target.seriesId,
            last + 1,
            documents.length,
            ...documentColumns(ids, documents),
            status,
            transmit,
            await packingIds.idsOf(documents.map((d) => d.certificateBase64)),
            XML_PACKING,
          ]);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          await client.query('rollback');
          return { kind: 'conflict' };
        }
        const [row] = rows;
        if (!row || row.stored !== documents.length) {
          await client.query('rollback');
          return { kind: 'conflict' };
        }
        await client.query('commit');
        queued();
        const created = new Map<DocumentToStore, DocumentRow>();
        documents.forEach((document, i) =>
          created.set(document, storedRow(ids[i] ?? '', document, row.createdAt)),
        );
        return { kind: 'stored', created };
      } catch (error) {
        await client.query('rollback').catch((failed: unknown) => (broken = failed));
        throw error;
      } finally {
        // A connection whose transaction could not be rolled back must not go back to the pool.
        client.release(broken !== undefined);
      }
    },
  };
}

async function lockSeries(
  client: Queryable,
  seriesId: string,
  productId: string,
  keys: readonly string[],
): Promise<LockedSeries> {
  const [locked] = await queryNamed(client, LOCK_SERIES, [seriesId]);
  const counter = locked?.nextNumber;
  if (counter === undefined) throw new Error(`series ${seriesId} vanished`);
  const rows = await queryNamed(client, READ_UNDER_LOCK, [seriesId, productId, keys]);
  const used = new Map<string, DocumentRow>();
  let maxUsed = 0;
  for (const { maxUsed: max, ...row } of rows) {
    maxUsed = max ?? 0;
    if (row.id !== null) used.set(row.idempotency_key, row);
  }
  return { nextNumber: Math.max(counter, maxUsed + 1), used };
}

function documentColumns(ids: readonly string[], documents: readonly DocumentToStore[]): unknown[] {
  const column = <T>(pick: (d: DocumentToStore) => T) => documents.map(pick);
  return [
    ids,
    column((d) => d.target.productId),
    column((d) => d.target.tenantRef),
    column((d) => d.target.branchRef),
    column((d) => d.target.seriesId),
    column((d) => d.target.serie),
    column((d) => d.numero),
    column((d) => d.chave),
    column((d) => d.codigoNumerico),
    column((d) => d.ambiente),
    column((d) => d.idempotencyKey),
    column((d) => d.requestFingerprint),
    column((d) => Buffer.from(d.packedXml.buffer, d.packedXml.byteOffset, d.packedXml.byteLength)),
  ];
}

/** The row an insert created, as a read would return it (every other column is at its default). */
function rowOf(
  id: string,
  document: DocumentToStore,
  createdAt: Date,
  status: string,
): DocumentRow {
  const { target } = document;
  return {
    id,
    product_id: target.productId,
    tenant_ref: target.tenantRef,
    branch_ref: target.branchRef,
    series_id: target.seriesId,
    document_model: '55',
    serie: target.serie,
    numero: document.numero,
    chave_acesso: document.chave,
    codigo_numerico: document.codigoNumerico,
    status,
    ambiente: document.ambiente,
    rejeicao_codigo: null,
    rejeicao_motivo: null,
    protocolo: null,
    autorizada_em: null,
    idempotency_key: document.idempotencyKey,
    request_fingerprint: document.requestFingerprint,
    created_at: createdAt,
    deleted_at: null,
  };
}
