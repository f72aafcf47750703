// In-memory stand-ins for transmission's ports, so its planning and its exactly-once order can be
// tested without PostgreSQL or a network. The store keeps the promises the PostgreSQL one makes
// (pg-transmission-store.ts, tested through real PostgreSQL and the local SEFAZ elsewhere): a
// claim counts the attempt, sets `sent` and leases the row before anything is sent, and a result
// is stored only while its attempt still holds the row. The authoriser answers as SEFAZ does
// (sync and async lots, receipts, consultations), and can lose answers or refuse connections.
import {
  TransportError,
  type ProtNFe,
  type RetConsReciNFe,
  type RetConsSitNFe,
  type RetEnviNFe,
  type SefazAnswer,
  type SefazCall,
} from '@emissor/sefaz';

import type { SefazPort } from '../../src/modules/transmission/sefaz-call.js';
import type {
  AttemptResult,
  ClaimedDocument,
  ClaimedToSend,
  SettledResult,
  TransmissionStore,
} from '../../src/modules/transmission/transmission-store.js';

/** A signed NF-e as far as transmission reads it: the root and the chave in infNFe's Id. */
export const nfeXml = (chave: string) =>
  `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe${chave}" versao="4.00"/></NFe>`;

let nextChave = 0;
/** A chave of São Paulo (cUF 35): one UF, one authoriser. */
export const newChave = () => `35${String(++nextChave).padStart(42, '0')}`;

interface Row {
  documentId: string;
  attempts: number;
  sent: boolean;
  recibo: string | null;
  reciboAt: Date | null;
  tMed: number | null;
  lastCStat: string | null;
  lastError: string | null;
  localFailures: number;
  availableAt: number;
  enqueuedAt: Date;
}

interface StoredDocument {
  id: string;
  chave: string;
  ambiente: string;
  productId: string;
  certificateId: string | null;
  xml: string;
  status: string;
  rejeicaoCodigo: string | null;
  protNFe: string | null;
}

export class MemoryTransmissionStore implements TransmissionStore {
  readonly rows = new Map<string, Row>();
  readonly documents = new Map<string, StoredDocument>();
  /** Inutilizações queued for rejected numbers (SEFAZ_VOID_REJECTED). */
  readonly voided: string[] = [];
  /** Final results offered by attempts that had lost their row (not stored). */
  readonly refused: SettledResult[] = [];
  #offset = 0;
  #nextId = 0;

  /** The store's clock: real time, plus whatever the test skipped ahead. */
  now(): number {
    return Date.now() + this.#offset;
  }

  /** Moves the store's clock on (retries, polls and leases come due). */
  advance(ms: number): void {
    this.#offset += ms;
  }

  /** Queues a document as an emission does: `processando`, never sent, due now. */
  enqueue(
    fields: {
      chave?: string;
      certificateId?: string | null;
      xml?: string;
      productId?: string;
    } = {},
  ): StoredDocument {
    const chave = fields.chave ?? newChave();
    const document: StoredDocument = {
      id: `doc-${++this.#nextId}`,
      chave,
      ambiente: 'homologacao',
      productId: fields.productId ?? 'product-a',
      certificateId: fields.certificateId === undefined ? 'cert-a' : fields.certificateId,
      xml: fields.xml ?? nfeXml(chave),
      status: 'processando',
      rejeicaoCodigo: null,
      protNFe: null,
    };
    this.documents.set(document.id, document);
    this.rows.set(document.id, {
      documentId: document.id,
      attempts: 0,
      sent: false,
      recibo: null,
      reciboAt: null,
      tMed: null,
      lastCStat: null,
      lastError: null,
      localFailures: 0,
      availableAt: this.now(),
      enqueuedAt: new Date(this.now() + this.#nextId),
    });
    return document;
  }

  statusOf(documentId: string): string | undefined {
    return this.documents.get(documentId)?.status;
  }

  async claimReceipts(maxRecibos: number, leaseMs: number): Promise<ClaimedDocument[]> {
    await Promise.resolve();
    const due = this.#due((r) => r.recibo !== null);
    const recibos: string[] = [];
    for (const row of due.slice(0, maxRecibos * 50))
      if (row.recibo && !recibos.includes(row.recibo)) recibos.push(row.recibo);
    const picked = recibos.slice(0, maxRecibos);
    return this.#claim(
      due.filter((r) => r.recibo !== null && picked.includes(r.recibo)),
      leaseMs,
    );
  }

  async claimResumed(limit: number, leaseMs: number): Promise<ClaimedToSend[]> {
    await Promise.resolve();
    return this.#withXml(
      this.#claim(this.#due((r) => r.sent && r.recibo === null).slice(0, limit), leaseMs),
    );
  }

  async claimFresh(limit: number, leaseMs: number): Promise<ClaimedToSend[]> {
    await Promise.resolve();
    return this.#withXml(this.#claim(this.#due((r) => !r.sent).slice(0, limit), leaseMs));
  }

  async release(claimed: readonly ClaimedDocument[]): Promise<void> {
    await Promise.resolve();
    for (const c of claimed) {
      const row = this.#held(c);
      if (!row) continue;
      row.attempts -= 1;
      row.sent = c.maybeSent;
      row.availableAt = this.now();
    }
  }

  async settle(claimed: ClaimedDocument, result: AttemptResult): Promise<boolean> {
    await Promise.resolve();
    return this.#store(claimed, result);
  }

  async settleAll(results: readonly SettledResult[]): Promise<Set<string>> {
    await Promise.resolve();
    const stored = new Set<string>();
    for (const { claimed, result } of results)
      if (this.#store(claimed, result)) stored.add(claimed.documentId);
    return stored;
  }

  #due(where: (row: Row) => boolean): Row[] {
    return [...this.rows.values()]
      .filter((r) => r.availableAt <= this.now() && where(r))
      .sort((a, b) => a.availableAt - b.availableAt);
  }

  #claim(rows: readonly Row[], leaseMs: number): ClaimedDocument[] {
    const claimed = rows.map((row): ClaimedDocument => {
      const document = this.documents.get(row.documentId);
      if (!document) throw new Error(`no document ${row.documentId}`);
      const maybeSent = row.sent;
      row.attempts += 1;
      row.sent = true;
      row.availableAt = this.now() + leaseMs;
      return {
        documentId: row.documentId,
        attempt: row.attempts,
        maybeSent,
        recibo: row.recibo,
        reciboAt: row.reciboAt,
        tMed: row.tMed,
        lastCStat: row.lastCStat,
        lastError: row.lastError,
        localFailures: row.localFailures,
        chave: document.chave,
        ambiente: document.ambiente,
        productId: document.productId,
        certificateId: document.certificateId,
        enqueuedAt: row.enqueuedAt,
      };
    });
    return claimed.sort((a, b) => a.enqueuedAt.getTime() - b.enqueuedAt.getTime());
  }

  #withXml(claimed: ClaimedDocument[]): ClaimedToSend[] {
    return claimed.map((c) => ({ ...c, xml: this.documents.get(c.documentId)?.xml ?? '' }));
  }

  /** The row while `claimed`'s attempt still holds it (the fence every result is stored under). */
  #held(claimed: ClaimedDocument): Row | undefined {
    const row = this.rows.get(claimed.documentId);
    return row?.attempts === claimed.attempt ? row : undefined;
  }

  #store(claimed: ClaimedDocument, result: AttemptResult): boolean {
    const row = this.#held(claimed);
    if (!row) {
      if (result.kind === 'final') this.refused.push({ claimed, result });
      return false;
    }
    if (result.kind === 'later') {
      row.availableAt = this.now() + result.delayMs;
      if (result.recibo !== undefined) {
        if (result.recibo === null) {
          row.reciboAt = null;
          row.tMed = null;
        } else if (result.recibo !== row.recibo) {
          row.reciboAt = new Date(this.now());
          row.tMed = result.tMed ?? null;
        }
        row.recibo = result.recibo;
      }
      row.sent = row.sent && result.notSent !== true;
      row.lastCStat = result.cStat ?? row.lastCStat;
      row.lastError = Array.from(result.error).slice(0, 500).join('');
      row.localFailures = result.localFailures ?? 0;
      return true;
    }
    this.rows.delete(claimed.documentId);
    const document = this.documents.get(claimed.documentId);
    if (document?.status !== 'processando') return false;
    document.status = result.status;
    document.protNFe = result.protocolo?.protNFe ?? null;
    if (result.status === 'rejeitada') {
      document.rejeicaoCodigo = result.cStat;
      if (!['206', '539'].includes(result.cStat)) this.voided.push(document.id);
    }
    return true;
  }
}

/** What can go wrong with the next calls to the authoriser. */
type Fault =
  | 'lose-answer' // processed, but the answer never comes back (a timeout after sending)
  | 'refuse-connection' // nothing left: connection refused
  | 'hang'; // processed, and the answer comes only when the test lets it (a late answer)

const dhRecbto = '2026-01-02T10:00:00-03:00';

function protNFe(chave: string, nProt: string): ProtNFe {
  return {
    versao: '4.00',
    tpAmb: '2',
    verAplic: 'fake',
    chNFe: chave,
    dhRecbto,
    nProt,
    cStat: '100',
    xMotivo: 'Autorizado o uso da NF-e',
    xml: `<protNFe versao="4.00"><infProt><chNFe>${chave}</chNFe><nProt>${nProt}</nProt><cStat>100</cStat></infProt></protNFe>`,
  };
}

const header = { versao: '4.00', tpAmb: '2', verAplic: 'fake' };

/**
 * An authoriser that authorises every NF-e it receives, once: a chave received again is answered
 * with the protocol it already has (as SEFAZ answers a duplicate with 204 and the first one's
 * number), so the tests count what was received rather than rely on SEFAZ's guard.
 */
export class FakeAuthoriser implements SefazPort {
  /** Every NF-e received, by chave (a send or a lot). */
  readonly received = new Map<string, number>();
  readonly protocols = new Map<string, ProtNFe>();
  readonly calls: { service: string; chaves: string[] }[] = [];
  /** The chaves of each asynchronous lot, in the order they came. */
  readonly lots: string[][] = [];
  /** Polls of a recibo answered 105 (processing) before its result. */
  pendingPolls = 0;
  readonly #faults: Fault[] = [];
  readonly #lots = new Map<string, { chaves: string[]; polls: number }>();
  readonly #hanging: (() => void)[] = [];
  #nextProtocol = 0;
  #nextRecibo = 0;

  /** The next calls fail this way, one fault per call. */
  fail(...faults: Fault[]): void {
    this.#faults.push(...faults);
  }

  /** Lets the calls that hang have their answers now (late: their leases may have ended). */
  releaseHanging(): void {
    for (const release of this.#hanging.splice(0)) release();
  }

  callsOf(service: string): number {
    return this.calls.filter((c) => c.service === service).length;
  }

  async call(call: SefazCall): Promise<SefazAnswer> {
    await Promise.resolve();
    const service = call.endpoint.service;
    const text = typeof call.message === 'string' ? call.message : call.message.join('');
    const fault = this.#faults.shift();
    if (fault === 'refuse-connection')
      throw new TransportError('connect_failed', 'connection refused', false);
    const answer = this.#answer(service, text);
    if (fault === 'lose-answer') throw new TransportError('timeout', 'no answer in time', true);
    if (fault === 'hang') {
      await new Promise<void>((resolve) => this.#hanging.push(resolve));
    }
    return answer;
  }

  #answer(service: string, text: string): SefazAnswer {
    if (service === 'NFeAutorizacao4') {
      const chaves = [...text.matchAll(/Id="NFe(\d{44})"/g)].map((m) => m[1] ?? '');
      this.calls.push({ service, chaves });
      for (const chave of chaves) this.#receive(chave);
      if (text.includes('<indSinc>1</indSinc>')) return this.#synchronous(chaves[0] ?? '');
      const nRec = String(++this.#nextRecibo).padStart(15, '0');
      this.lots.push(chaves);
      this.#lots.set(nRec, { chaves, polls: 0 });
      const answer: RetEnviNFe = {
        kind: 'retEnviNFe',
        ...header,
        cStat: '103',
        xMotivo: 'Lote recebido com sucesso',
        recibo: { nRec, tMed: 1 },
      };
      return answer;
    }
    if (service === 'NFeRetAutorizacao4') {
      const nRec = /<nRec>(\d+)<\/nRec>/.exec(text)?.[1] ?? '';
      const lot = this.#lots.get(nRec);
      this.calls.push({ service, chaves: lot?.chaves ?? [] });
      if (!lot) throw new Error(`unknown recibo ${nRec}`);
      lot.polls += 1;
      const answer: RetConsReciNFe =
        lot.polls <= this.pendingPolls
          ? {
              kind: 'retConsReciNFe',
              ...header,
              nRec,
              cStat: '105',
              xMotivo: 'Lote em processamento',
              protNFe: [],
            }
          : {
              kind: 'retConsReciNFe',
              ...header,
              nRec,
              cStat: '104',
              xMotivo: 'Lote processado',
              protNFe: lot.chaves.map((c) => this.#protocolOf(c)),
            };
      return answer;
    }
    if (service === 'NFeConsultaProtocolo4') {
      const chave = /<chNFe>(\d{44})<\/chNFe>/.exec(text)?.[1] ?? '';
      this.calls.push({ service, chaves: [chave] });
      const found = this.protocols.get(chave);
      const answer: RetConsSitNFe = found
        ? {
            kind: 'retConsSitNFe',
            ...header,
            cStat: '100',
            xMotivo: 'Autorizado o uso da NF-e',
            chNFe: chave,
            protNFe: found,
            procEventoNFe: [],
          }
        : {
            kind: 'retConsSitNFe',
            ...header,
            cStat: '217',
            xMotivo: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
            chNFe: chave,
            procEventoNFe: [],
          };
      return answer;
    }
    throw new Error(`the fake authoriser does not serve ${service}`);
  }

  #receive(chave: string): void {
    this.received.set(chave, (this.received.get(chave) ?? 0) + 1);
    this.#protocolOf(chave);
  }

  #protocolOf(chave: string): ProtNFe {
    let protocol = this.protocols.get(chave);
    if (!protocol) {
      protocol = protNFe(chave, `135${String(++this.#nextProtocol).padStart(12, '0')}`);
      this.protocols.set(chave, protocol);
    }
    return protocol;
  }

  #synchronous(chave: string): RetEnviNFe {
    return {
      kind: 'retEnviNFe',
      ...header,
      cStat: '104',
      xMotivo: 'Lote processado',
      protNFe: this.#protocolOf(chave),
    };
  }
}
