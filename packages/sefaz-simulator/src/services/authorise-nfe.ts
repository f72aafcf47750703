import { buildProtNFe } from '@emissor/sefaz';

import { AUTHORISER } from '../answers/authoriser.js';
import { brasiliaDateTime } from '../answers/datetime.js';
import type { RequestContext } from '../context.js';
import { takeDocumentKnobs } from '../db/document-knobs.js';
import type { RegisteredNfe, RegisterOutcome } from '../db/nfe-registry.js';
import { registerNfes } from '../db/nfe-registry.js';
import { registeredChaves } from '../db/referenced-nfe.js';
import { nextProtocolSequences, protocolNumber } from '../db/numbers.js';
import type { DocumentKnob } from '../knobs.js';
import type { NfeView, Rejection } from '../rules/index.js';
import { firstRejection, viewNfe } from '../rules/index.js';
import {
  missingReference,
  referencesToFind,
  type ReferenceToFind,
} from '../rules/referenced-in-registry.js';
import { rejection } from '../rules/rejection.js';
import { authoriserType } from '../svc/svc-of.js';
import { cnpjOfCertificate } from '../tls/client-cnpj.js';
import type { XmlElement } from '../xml/dom.js';
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

/** What the registry needs of a note that passed signature and rules: plain values, no tree. */
interface Candidate {
  readonly index: number;
  readonly chave: string;
  readonly cUF: string;
  readonly emitente: string;
  readonly modelo: string;
  readonly serie: string;
  readonly nNF: string;
  readonly digVal: string;
  readonly late: boolean;
  /** The NF-e it references that the registry must hold (267). */
  readonly references: readonly ReferenceToFind[];
}

/**
 * A lot's notes as judged without the registry: the verdicts already reached (signature or rule
 * failures, by index) and the candidates for a protocol.
 */
export interface JudgedNotes {
  readonly verdicts: NfeVerdict[];
  readonly candidates: readonly Candidate[];
}

/**
 * Judges the signed NF-e of a lot on their own: signature (297/298, `signatures` checked for the
 * whole lot in one walk), then the document rules. Synchronous on purpose: it is the only reader
 * of the lot's parsed tree, so the tree is garbage before the registry is asked. An async
 * function keeps every local and argument alive across its awaits, and a 50-NF-e tree kept for
 * the seconds a busy registry takes outlived the young generation: the simulator spent two fifths
 * of its time copying and compacting trees (bench/results/comparisons.md).
 */
export function judgeNotes(
  notes: readonly XmlElement[],
  signatures: readonly SignatureCheck[],
  context: RequestContext,
): JudgedNotes {
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const verdicts: NfeVerdict[] = [];
  const candidates: Candidate[] = [];
  for (const [index, note] of notes.entries()) {
    const view = viewNfe(note, context.body);
    const refuse = (status: Rejection, digVal?: string) => {
      verdicts[index] = {
        protNFe: buildProtNFe({ ...AUTHORISER, chNFe: view.chave, dhRecbto, digVal, ...status }),
        dropAnswer: false,
      };
    };
    const signature = signatures[index];
    if (!signature?.valid) {
      refuse(
        signature?.status ?? rejection('298', 'Rejeição: Assinatura difere do padrão do Sistema'),
      );
      continue;
    }
    const digVal = signature.digestValue;
    const signerCnpj = cnpjOfCertificate(Buffer.from(signature.certificateBase64, 'base64'));
    const ruleFailure = firstRejection(view, {
      clientCnpj: context.clientCnpj,
      signerCnpj,
      receivedAt: context.receivedAt,
      csrt: context.state.csrt,
      svc: context.venue === 'svc' ? { activatedUfs: context.state.svcActivations } : undefined,
    });
    if (ruleFailure) refuse(ruleFailure, digVal);
    else
      candidates.push({
        index,
        chave: view.chave,
        cUF: view.cUF,
        emitente: view.emitente,
        modelo: view.modelo,
        serie: view.serie,
        nNF: view.nNF,
        digVal,
        late: receivedLate(view, context.receivedAt),
        references: referencesToFind(view, context.receivedAt),
      });
  }
  return { verdicts, candidates };
}

/**
 * Settles the candidates of `judgeNotes` as an authoriser does: any forced outcome, the NF-e they
 * reference (267), then the registry (204/205/218/539/206). Authorised and denied notes get a
 * protocol and are kept. The database is asked once per lot for each step, not once per note (and
 * not at all for the references of a lot that has none).
 */
export async function authoriseNotes(
  judged: JudgedNotes,
  context: RequestContext,
): Promise<NfeVerdict[]> {
  const { pool, schema } = context.state;
  const dhRecbto = brasiliaDateTime(context.receivedAt);
  const answer = (
    chave: string,
    status: Rejection,
    extra: { nProt?: string; digVal?: string } = {},
  ): string => buildProtNFe({ ...AUTHORISER, chNFe: chave, dhRecbto, ...extra, ...status });
  const { verdicts, candidates } = judged;

  const knobs = await takeDocumentKnobs(
    pool,
    schema,
    candidates.map((c) => c.chave),
  );
  // A dropped answer is one lost answer: the same chave twice in a lot drops it once.
  const dropsLeft = new Set(
    [...knobs].filter(([, k]) => k.action === 'drop_answer').map(([chave]) => chave),
  );
  const registered = await registeredChaves(
    pool,
    schema,
    candidates.flatMap((c) => c.references.map((r) => r.chave)),
  );
  const toRegister: {
    candidate: Candidate;
    forced: DocumentKnob | undefined;
    status: Rejection;
  }[] = [];
  for (const candidate of candidates) {
    const { chave, digVal, index } = candidate;
    const forced = knobs.get(chave);
    if (forced?.action === 'reject') {
      const status = rejection(
        forced.cStat ?? '999',
        forced.xMotivo ?? 'Rejeição: Erro não catalogado',
      );
      verdicts[index] = { protNFe: answer(chave, status, { digVal }), dropAnswer: false };
      continue;
    }
    const unknownReference = missingReference(candidate.references, registered);
    if (unknownReference) {
      verdicts[index] = { protNFe: answer(chave, unknownReference, { digVal }), dropAnswer: false };
      continue;
    }
    const status =
      forced?.action === 'deny'
        ? rejection(forced.cStat ?? DEFAULT_DENIAL.cStat, forced.xMotivo ?? DEFAULT_DENIAL.xMotivo)
        : candidate.late
          ? AUTHORISED_LATE
          : AUTHORISED;
    toRegister.push({ candidate, forced, status });
  }

  const sequences = await nextProtocolSequences(pool, schema, toRegister.length);
  const records = toRegister.map(({ candidate, forced, status }, i) => {
    const { chave, cUF, digVal } = candidate;
    const nProt = protocolNumber(
      cUF,
      context.receivedAt,
      sequences[i] ?? 0n,
      authoriserType(context.venue, cUF),
    );
    const record: RegisteredNfe = {
      chave,
      cuf: cUF,
      emitente: candidate.emitente,
      modelo: candidate.modelo,
      serie: Number(candidate.serie),
      numero: Number(candidate.nNF),
      status: forced?.action === 'deny' ? 'denegada' : 'autorizada',
      cStat: status.cStat,
      xMotivo: status.xMotivo,
      protocolo: nProt,
      recebidoEm: context.receivedAt,
      digestValue: digVal,
      protNfe: answer(chave, status, { nProt, digVal }),
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
          : answer(candidate.chave, refusal(outcome, candidate.digVal), {
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
