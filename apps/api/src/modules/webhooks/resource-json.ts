import type { FiscalDocumentRead, FiscalEventRead, FiscalVoidRead } from '@emissor/contract';

import type { DocumentTable, FiscalEventTable, FiscalVoidTable } from '../../db/schema.js';

/**
 * How one field of a read is made of its row: a column as is, a time as toISOString writes it, or
 * one character of a column (`charAt`, 0-based, as the mapper reads it).
 */
type Field<Table> = { column: keyof Table & string; time?: true; charAt?: number };

/**
 * A read's fields (its keys checked against the contract's type, so a field added there fails to
 * compile here) in the mapper's order, each from a column checked against db/schema.ts.
 */
type ReadFields<Read, Table> = { [K in keyof Read]-?: Field<Table> };

const column = <Table>(name: keyof Table & string): Field<Table> => ({ column: name });
const time = <Table>(name: keyof Table & string): Field<Table> => ({ column: name, time: true });
const charOf = <Table>(name: keyof Table & string, charAt: number): Field<Table> => ({
  column: name,
  charAt,
});

/** toDocumentRead (documents.mapper.ts), field for field. */
const DOCUMENT_READ: ReadFields<FiscalDocumentRead, DocumentTable> = {
  id: column('id'),
  product_id: column('product_id'),
  tenant_ref: column('tenant_ref'),
  branch_ref: column('branch_ref'),
  series_id: column('series_id'),
  document_model: column('document_model'),
  serie: column('serie'),
  numero: column('numero'),
  chave_acesso: column('chave_acesso'),
  codigo_numerico: column('codigo_numerico'),
  tp_emis: charOf('chave_acesso', 34),
  status: column('status'),
  ambiente: column('ambiente'),
  rejeicao_codigo: column('rejeicao_codigo'),
  rejeicao_motivo: column('rejeicao_motivo'),
  protocolo: column('protocolo'),
  autorizada_em: time('autorizada_em'),
  created_at: time('created_at'),
};

/** toFiscalEventRead (events.mapper.ts). */
const EVENT_READ: ReadFields<FiscalEventRead, FiscalEventTable> = {
  id: column('id'),
  product_id: column('product_id'),
  document_id: column('document_id'),
  tipo: column('tipo'),
  sequencia: column('sequencia'),
  status: column('status'),
  protocolo: column('protocolo'),
  registrado_em: time('registrado_em'),
  rejeicao_codigo: column('rejeicao_codigo'),
  rejeicao_motivo: column('rejeicao_motivo'),
  created_at: time('created_at'),
};

/** toFiscalVoidRead (voids.mapper.ts). */
const VOID_READ: ReadFields<FiscalVoidRead, FiscalVoidTable> = {
  id: column('id'),
  product_id: column('product_id'),
  tenant_ref: column('tenant_ref'),
  branch_ref: column('branch_ref'),
  serie: column('serie'),
  numero_inicial: column('numero_inicial'),
  numero_final: column('numero_final'),
  ambiente: column('ambiente'),
  origem: column('origem'),
  status: column('status'),
  protocolo: column('protocolo'),
  homologada_em: time('homologada_em'),
  rejeicao_codigo: column('rejeicao_codigo'),
  rejeicao_motivo: column('rejeicao_motivo'),
  created_at: time('created_at'),
};

/** A timestamptz as Date#toISOString writes it (UTC, milliseconds truncated as pg's Date is). */
export function isoTimeSql(expression: string): string {
  return `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

function readJson<Read, Table>(fields: ReadFields<Read, Table>, alias: string): string {
  const pairs = Object.entries<Field<Table>>(fields).map(([name, field]) => {
    const value = `${alias}.${field.column}`;
    if (field.charAt !== undefined) return `'${name}', substr(${value}, ${field.charAt + 1}, 1)`;
    return `'${name}', ${field.time ? isoTimeSql(value) : value}`;
  });
  // json (not jsonb) keeps the mapper's key order.
  return `json_build_object(${pairs.join(', ')})`;
}

/**
 * SQL for the resource as GET reads it, from the columns of `alias` (a row of the resource's table
 * or a CTE returning its columns): a status change's statement builds its webhook message's `data`
 * in the same statement, so the message is the resource as that statement left it.
 */
export const documentReadJson = (alias: string) => readJson(DOCUMENT_READ, alias);
export const eventReadJson = (alias: string) => readJson(EVENT_READ, alias);
export const voidReadJson = (alias: string) => readJson(VOID_READ, alias);

/** The read's columns, qualified by `alias`: for the RETURNING of a CTE the read is made from. */
const columnsOf = <Table>(fields: ReadFields<unknown, Table>) => [
  ...new Set(Object.values<Field<Table>>(fields).map((f) => f.column)),
];
export const DOCUMENT_READ_COLUMNS: readonly string[] = columnsOf(DOCUMENT_READ);
export const EVENT_READ_COLUMNS: readonly string[] = columnsOf(EVENT_READ);
export const VOID_READ_COLUMNS: readonly string[] = columnsOf(VOID_READ);
