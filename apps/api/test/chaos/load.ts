import { randomUUID } from 'node:crypto';

import {
  NFE_SCHEMA_PACKS,
  referenceVerifyNfe,
  sharedDir,
  validateNfeXml,
} from '@emissor/test-support';
import pg from 'pg';

import {
  PACKING_CERTIFICATE_JOIN,
  STORED_XML_COLUMNS,
  storedXmlText,
  type StoredXmlRow,
} from '../../src/storage/stored-xml.js';
import { emissionRequest } from '../helpers/emission.js';

export interface EmissionOutcome {
  key: string;
  /** HTTP status, or 0 when no response arrived (connection refused or dropped, timeout). */
  status: number;
  body: unknown;
  retryAfter: string | null;
  ms: number;
  /** Wall-clock time the answer (or the failure) arrived. */
  at: number;
  error?: string;
}

export interface LoadOptions {
  url: () => string;
  apiKey: string;
  refs: { tenant_ref: string; branch_ref: string }[];
  clients: number;
  /** Stops starting new requests when this returns true (checked before each request). */
  until: () => boolean;
  /** Hard caps, so a stuck API cannot keep the loop going. */
  maxRequests: number;
  requestTimeoutMs?: number;
  /** Called with each outcome as it arrives (tests wait for a warm, busy API before breaking it). */
  onOutcome?: (outcome: EmissionOutcome) => void;
}

/** `clients` plain fetch loops posting emissions over loopback until told to stop. */
export async function emissionLoad(options: LoadOptions): Promise<EmissionOutcome[]> {
  const outcomes: EmissionOutcome[] = [];
  const record = (o: EmissionOutcome) => {
    outcomes.push(o);
    options.onOutcome?.(o);
  };
  let started = 0;
  const loop = async (client: number) => {
    while (!options.until() && started < options.maxRequests) {
      started += 1;
      const key = randomUUID();
      const refs = options.refs[client % options.refs.length]!;
      const t0 = Date.now();
      try {
        const res = await fetch(`${options.url()}/v1/emissoes`, {
          method: 'POST',
          headers: {
            'x-api-key': options.apiKey,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body: JSON.stringify(emissionRequest(refs)),
          signal: AbortSignal.timeout(options.requestTimeoutMs ?? 20_000),
        });
        const text = await res.text();
        record({
          key,
          status: res.status,
          body: safeJson(text),
          retryAfter: res.headers.get('retry-after'),
          ms: Date.now() - t0,
          at: Date.now(),
        });
      } catch (error) {
        record({
          key,
          status: 0,
          body: undefined,
          retryAfter: null,
          ms: Date.now() - t0,
          at: Date.now(),
          error: (error as Error).name,
        });
        // A refused connection fails in microseconds: do not spin.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, i) => loop(i)));
  return outcomes;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function countBy<T>(items: T[], key: (item: T) => string | number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[String(key(item))] = (out[String(key(item))] ?? 0) + 1;
  return out;
}

export interface IntegrityReport {
  documents: number;
  problems: string[];
}

/**
 * What must hold in the database whatever happened to the processes: each series' counter above
 * its highest number, numbers and chaves unique, every document with its XML and every XML with its
 * document, every document a client saw created still there, and each stored XML valid and signed.
 */
export async function checkIntegrity(
  databaseUrl: string,
  createdIds: string[],
): Promise<IntegrityReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  try {
    const counters = await client.query<{ id: string; next_number: number; max: number | null }>(
      `select s.id, s.next_number, max(d.numero) as max from series s left join documents d on d.series_id = s.id group by s.id`,
    );
    for (const s of counters.rows) {
      if (s.max !== null && !(s.next_number > s.max))
        problems.push(`series ${s.id}: next_number ${s.next_number} <= highest numero ${s.max}`);
    }
    const dupNumbers = await client.query(
      `select series_id, numero, count(*) from documents group by 1, 2 having count(*) > 1`,
    );
    if (dupNumbers.rowCount) problems.push(`${dupNumbers.rowCount} duplicated numbers`);
    const dupChaves = await client.query(
      `select chave_acesso from documents group by 1 having count(*) > 1`,
    );
    if (dupChaves.rowCount) problems.push(`${dupChaves.rowCount} duplicated chaves`);
    const noXml = await client.query(
      `select d.id from documents d left join document_xml x on x.document_id = d.id where x.document_id is null`,
    );
    if (noXml.rowCount) problems.push(`${noXml.rowCount} documents without XML`);
    const orphanXml = await client.query(
      `select x.document_id from document_xml x left join documents d on d.id = x.document_id where d.id is null`,
    );
    if (orphanXml.rowCount) problems.push(`${orphanXml.rowCount} XML rows without a document`);
    const found = await client.query<{ id: string }>(
      `select id from documents where id = any($1::uuid[])`,
      [createdIds],
    );
    if (found.rowCount !== createdIds.length)
      problems.push(
        `${createdIds.length - (found.rowCount ?? 0)} documents answered 201 are missing`,
      );

    const xmls = await client.query<StoredXmlRow & { document_id: string }>(
      `select x.document_id, ${STORED_XML_COLUMNS} from document_xml x ${PACKING_CERTIFICATE_JOIN}`,
    );
    const validate = sharedDir() !== undefined;
    for (const row of xmls.rows) {
      const { document_id } = row;
      const xml = storedXmlText(row);
      if (!referenceVerifyNfe(xml)) problems.push(`${document_id}: signature does not verify`);
      if (validate) {
        for (const pack of NFE_SCHEMA_PACKS) {
          const errors = validateNfeXml(xml, pack);
          if (errors.length) problems.push(`${document_id}: invalid under ${pack}: ${errors[0]}`);
        }
      }
    }
    return { documents: xmls.rowCount ?? 0, problems };
  } finally {
    await client.end();
  }
}
