import { brasiliaDateTime } from '../answers/datetime.js';
import { protNFe } from '../answers/messages.js';
import type { RequestContext } from '../context.js';
import { takeDocumentKnobs } from '../db/document-knobs.js';
import type { RegisteredNfe, RegisterOutcome } from '../db/nfe-registry.js';
import { registerNfes } from '../db/nfe-registry.js';
import { nextProtocolSequences, protocolNumber } from '../db/numbers.js';
import type { DocumentKnob } from '../knobs.js';
import type { NfeView } from '../rules/index.js';
import { firstRejection, viewNfe } from '../rules/index.js';
import type { Rejection } from '../rules/rejection.js';
import { rejection } from '../rules/rejection.js';
import { cnpjOfCertificate } from '../tls/client-cnpj.js';
import type { Element } from '../xml/dom.js';
import { text } from '../xml/dom.js';
import type { SignatureCheck } from '../xml/signature-status.js';

/** The verdict on one NF-e of a lot: its protNFe, and whether its answer is to be dropped. */
export interface NfeVerdict {
  readonly protNFe: string;
  readonly dropAnswer: boolean;
}

const AUTHORISED = rejection('100', 'Autorizado o uso da NF-e');
const AUTHORISED_LATE = rejection('150', 'Autorizado o uso da NF-e, autorização fora de prazo');
/** NT 2025.001 §02.4: a note issued more than 7 days before reception is authorised with 150. */
const LATE_AFTER_MS = 7 * 24 * 3600_000;
const DEFAULT_DENIAL = rejection('302', 'Uso Denegado: Irregularidade fiscal do destinatário');

/** A note that passed signature and rules, on its way to a protocol. */
interface Candidate {
  readonly index: number;
  readonly view: NfeView;
  readonly digVal: string;
}

/**
 * Judges the signed NF-e of a lot as an authoriser does: signature (297/298, `signatures` checked
 * for the whole lot in one walk), the document rules, any forced outcome, then the registry
 * (204/205/218/539/206). Authorised and denied notes get a protocol and are kept. The database is
 * asked once per lot for each step, not once per note.
 */
export async function authoriseNotes(
  notes: readonly Element[],
  signatures: readonly SignatureCheck[],
  context: RequestContext,
): Promise<NfeVerdict[]> {
  const { pool, schema } = context.state;
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const answer = (
    view: NfeView,
    status: Rejection,
    extra: { nProt?: string; digVal?: string } = {},
  ): string => protNFe({ chNFe: view.chave, dhRecbto, ...extra, ...status });

  const verdicts: NfeVerdict[] = [];
  const candidates: Candidate[] = [];
  for (const [index, note] of notes.entries()) {
    const view = viewNfe(note);
    const signature = signatures[index];
    if (!signature?.valid) {
      const status =
        signature?.status ?? rejection('298', 'Rejeição: Assinatura difere do padrão do Sistema');
      verdicts[index] = { protNFe: answer(view, status), dropAnswer: false };
      continue;
    }
    const digVal = signature.digestValue;
    const signerCnpj = cnpjOfCertificate(Buffer.from(signature.certificateBase64, 'base64'));
    const ruleFailure = firstRejection(view, {
      clientCnpj: context.clientCnpj,
      signerCnpj,
      receivedAt: context.receivedAt,
    });
    if (ruleFailure)
      verdicts[index] = { protNFe: answer(view, ruleFailure, { digVal }), dropAnswer: false };
    else candidates.push({ index, view, digVal });
  }

  const knobs = await takeDocumentKnobs(
    pool,
    schema,
    candidates.map((c) => c.view.chave),
  );
  // A dropped answer is one lost answer: the same chave twice in a lot drops it once.
  const dropsLeft = new Set(
    [...knobs].filter(([, k]) => k.action === 'drop_answer').map(([chave]) => chave),
  );
  const toRegister: {
    candidate: Candidate;
    forced: DocumentKnob | undefined;
    status: Rejection;
  }[] = [];
  for (const candidate of candidates) {
    const { view, digVal, index } = candidate;
    const forced = knobs.get(view.chave);
    if (forced?.action === 'reject') {
      const status = rejection(
        forced.cStat ?? '999',
        forced.xMotivo ?? 'Rejeição: Erro não catalogado',
      );
      verdicts[index] = { protNFe: answer(view, status, { digVal }), dropAnswer: false };
      continue;
    }
    const status =
      forced?.action === 'deny'
        ? rejection(forced.cStat ?? DEFAULT_DENIAL.cStat, forced.xMotivo ?? DEFAULT_DENIAL.xMotivo)
        : receivedLate(view, context.receivedAt)
          ? AUTHORISED_LATE
          : AUTHORISED;
    toRegister.push({ candidate, forced, status });
  }

  const sequences = await nextProtocolSequences(pool, schema, toRegister.length);
  const records = toRegister.map(({ candidate: { view, digVal }, forced, status }, i) => {
    const nProt = protocolNumber(view.cUF, context.receivedAt, sequences[i] ?? 0n);
    const record: RegisteredNfe = {
      chave: view.chave,
      cuf: view.cUF,
      emitente: view.emitente,
      modelo: view.modelo,
      serie: Number(view.serie),
      numero: Number(view.nNF),
      status: forced?.action === 'deny' ? 'denegada' : 'autorizada',
      cStat: status.cStat,
      xMotivo: status.xMotivo,
      protocolo: nProt,
      recebidoEm: context.receivedAt,
      digestValue: digVal,
      protNfe: answer(view, status, { nProt, digVal }),
    };
    return record;
  });
  const outcomes = await registerNfes(pool, schema, records);
  for (const [i, { candidate, forced }] of toRegister.entries()) {
    const record = records[i] as RegisteredNfe;
    const outcome = outcomes[i] as RegisterOutcome;
    const drop =
      outcome.kind === 'registered' &&
      forced?.action === 'drop_answer' &&
      dropsLeft.delete(record.chave);
    verdicts[candidate.index] = {
      protNFe:
        outcome.kind === 'registered'
          ? record.protNfe
          : answer(candidate.view, refusal(outcome, candidate.digVal), {
              digVal: candidate.digVal,
            }),
      dropAnswer: drop,
    };
  }
  return verdicts;
}

/** Why the registry refused a note: 539, 206, or 204/205/218 for a chave it already has. */
function refusal(
  outcome: Exclude<RegisterOutcome, { kind: 'registered' }>,
  digVal: string,
): Rejection {
  switch (outcome.kind) {
    case 'same_number':
      return rejection(
        '539',
        `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${outcome.otherChave}]`,
      );
    case 'voided':
      return rejection('206', 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ');
    case 'same_chave':
      return duplicate(outcome.existing, digVal);
  }
}

/**
 * 204 / 205 / 218 for a chave already in the registry. A resend of the very document (same
 * DigestValue) learns its original protocol from the xMotivo, as MOC rule 2B08-20 allows.
 */
function duplicate(existing: RegisteredNfe, digVal: string): Rejection {
  if (existing.status === 'denegada')
    return rejection('205', 'Rejeição: NF-e está denegada na base de dados da SEFAZ');
  if (existing.status === 'cancelada')
    return rejection('218', 'Rejeição: NF-e já está cancelada na base de dados da SEFAZ');
  if (existing.digestValue !== digVal) return rejection('204', 'Rejeição: Duplicidade de NF-e');
  return rejection(
    '204',
    `Rejeição: Duplicidade de NF-e [nProt:${existing.protocolo}][dhAut:${brasiliaDateTime(existing.recebidoEm)}]`,
  );
}

function receivedLate(view: NfeView, receivedAt: Date): boolean {
  const issued = Date.parse(text(view.ide, 'dhEmi') ?? '');
  return !Number.isNaN(issued) && receivedAt.getTime() - issued > LATE_AFTER_MS;
}
