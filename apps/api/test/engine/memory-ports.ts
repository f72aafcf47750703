// In-memory stand-ins for the engine's two ports, so its scheduling policy can be tested in
// milliseconds. They keep the promises the PostgreSQL store makes (pg-document-store.ts, tested
// through real HTTP and real PostgreSQL elsewhere): a claim stores only if its counter is
// unchanged, a used key or number refuses the whole statement, the locked path is serialised per
// series and sees the documents committed before it.
import type { DocumentRow } from '../../src/db/schema.js';
import type {
  ClaimOutcome,
  ClaimsResult,
  DocumentStore,
  DocumentToStore,
  LockedResult,
} from '../../src/modules/emissions/document-store.js';
import type { EmissionJob, SeriesTarget } from '../../src/modules/emissions/emission-job.js';
import type { SignJob } from '../../src/modules/emissions/sign-job.js';

export class MemoryDocumentStore implements DocumentStore {
  readonly counters = new Map<string, number>();
  readonly rows: DocumentRow[] = [];
  /** Every optimistic statement waits for this before it runs (tests hold it to pipeline batches). */
  gate: Promise<void> = Promise.resolve();
  statements = 0;
  readonly #locks = new Map<string, Promise<void>>();
  #nextId = 0;

  numbers(seriesId: string): number[] {
    return this.rows
      .filter((r) => r.series_id === seriesId)
      .map((r) => r.numero)
      .sort((a, b) => a - b);
  }

  async storeIfCountersUnchanged(
    claims: readonly { seriesId: string; firstNumber: number; count: number }[],
    documents: readonly DocumentToStore[],
  ): Promise<ClaimsResult> {
    await this.gate;
    await Promise.resolve(); // a round trip: other work runs meanwhile
    this.statements += 1;
    const outcomes = new Map<string, ClaimOutcome>();
    for (const claim of claims) {
      const counter = this.counters.get(claim.seriesId) ?? null;
      outcomes.set(
        claim.seriesId,
        counter === claim.firstNumber ? { stored: true } : { stored: false, counter },
      );
    }
    const winners = documents.filter((d) => outcomes.get(d.target.seriesId)?.stored);
    if (winners.some((d) => this.#taken(d))) return { kind: 'conflict' };
    for (const claim of claims)
      if (outcomes.get(claim.seriesId)?.stored)
        this.counters.set(claim.seriesId, claim.firstNumber + claim.count);
    return {
      kind: 'settled',
      outcomes,
      created: new Map(winners.map((d) => [d, this.#insert(d)])),
    };
  }

  async storeUnderSeriesLock(
    target: SeriesTarget,
    keys: readonly string[],
    numberAndSign: (series: {
      nextNumber: number;
      used: Map<string, DocumentRow>;
    }) => Promise<DocumentToStore[]>,
  ): Promise<LockedResult> {
    const previous = this.#locks.get(target.seriesId) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.#locks.set(target.seriesId, mine);
    await previous;
    try {
      const counter = this.counters.get(target.seriesId);
      if (counter === undefined) throw new Error(`series ${target.seriesId} vanished`);
      const maxUsed = Math.max(0, ...this.numbers(target.seriesId));
      const used = new Map(
        this.rows
          .filter((r) => r.product_id === target.productId && keys.includes(r.idempotency_key))
          .map((r) => [r.idempotency_key, r]),
      );
      const documents = await numberAndSign({ nextNumber: Math.max(counter, maxUsed + 1), used });
      if (documents.some((d) => this.#taken(d))) return { kind: 'conflict' };
      if (documents.length > 0)
        this.counters.set(target.seriesId, Math.max(...documents.map((d) => d.numero)) + 1);
      return { kind: 'stored', created: new Map(documents.map((d) => [d, this.#insert(d)])) };
    } finally {
      if (this.#locks.get(target.seriesId) === mine) this.#locks.delete(target.seriesId);
      release();
    }
  }

  /** A row another process stored: the unique indexes then refuse the same key or number. */
  insertElsewhere(document: DocumentToStore): DocumentRow {
    const row = this.#insert(document);
    this.counters.set(
      document.target.seriesId,
      Math.max(this.counters.get(document.target.seriesId) ?? 0, document.numero + 1),
    );
    return row;
  }

  #taken(d: DocumentToStore): boolean {
    return this.rows.some(
      (r) =>
        (r.product_id === d.target.productId && r.idempotency_key === d.idempotencyKey) ||
        (r.series_id === d.target.seriesId && r.numero === d.numero),
    );
  }

  #insert(d: DocumentToStore): DocumentRow {
    const row: DocumentRow = {
      id: `doc-${++this.#nextId}`,
      product_id: d.target.productId,
      tenant_ref: d.target.tenantRef,
      branch_ref: d.target.branchRef,
      series_id: d.target.seriesId,
      document_model: '55',
      serie: d.target.serie,
      numero: d.numero,
      chave_acesso: d.chave,
      codigo_numerico: d.codigoNumerico,
      status: 'assinada',
      ambiente: d.ambiente,
      rejeicao_codigo: null,
      rejeicao_motivo: null,
      protocolo: null,
      autorizada_em: null,
      idempotency_key: d.idempotencyKey,
      request_fingerprint: d.requestFingerprint,
      created_at: new Date(0),
      deleted_at: null,
    };
    this.rows.push(row);
    return row;
  }
}

/** Signs nothing: hands back the job's document with its number, after a tick (as a thread would). */
export function fakeSigner(failFor: ReadonlySet<string> = new Set()): SignJob & { calls: number } {
  const sign = async (job: EmissionJob, numero: number): Promise<DocumentToStore> => {
    sign.calls += 1;
    await Promise.resolve();
    if (failFor.has(job.idempotencyKey)) throw new SignFailure(job.idempotencyKey);
    return document(job, numero);
  };
  sign.calls = 0;
  return sign;
}

export class SignFailure extends Error {
  override name = 'SignFailure';
}

export function document(job: EmissionJob, numero: number): DocumentToStore {
  return {
    target: job.target,
    numero,
    chave: `${job.target.seriesId}-${numero}`,
    codigoNumerico: '00000001',
    ambiente: job.ambiente,
    idempotencyKey: job.idempotencyKey,
    requestFingerprint: job.requestFingerprint,
    packedXml: Buffer.from(`<NFe n="${numero}"/>`),
    certificateBase64: '',
  };
}
