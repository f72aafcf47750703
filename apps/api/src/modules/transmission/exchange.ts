import {
  buildConsReciNFe,
  buildConsSitNFe,
  buildEnviNFe,
  buildNfeProc,
  classifyAutorizacao,
  classifyConsulta,
  classifyFailure,
  resolveEndpoint,
  ufOfCUF,
  type Ambiente,
  type Classification,
  type ProtNFe,
  type SefazAnswer,
  type SefazClient,
  type SefazService,
  type TlsCredentials,
} from '@emissor/sefaz';

import { backoffMs } from './backoff.js';
import type { AttemptResult, ClaimedDocument } from './transmission-queue.js';

/** How long SEFAZ asks clients to stay away after 656 (consumo indevido, sefaz.md §7). */
const THROTTLED_MS = 60 * 60_000;
/** A first look at an asynchronous lot's result; later polls back off from here. */
const FIRST_RECEIPT_POLL_MS = 1_000;
/** An unknown outcome is consulted soon: SEFAZ has either processed the send or never will. */
const CONSULT_AFTER_MS = 1_000;

export interface ExchangeSettings {
  client: SefazClient;
  /** `SEFAZ_URL` or the in-process simulator's URL; undefined: the authorisers' endpoints. */
  override: string | undefined;
  timeoutMs: number;
  retryBaseMs: number;
}

/**
 * One attempt for one document, in the order that keeps it authorised exactly once: a receipt
 * still pending is asked for; a document that may have been sent is consulted by chave, and sent
 * again only if SEFAZ never received it; otherwise it is sent (one NF-e, indSinc=1).
 */
export async function runAttempt(
  settings: ExchangeSettings,
  claimed: ClaimedDocument,
  credentials: TlsCredentials,
): Promise<AttemptResult> {
  const ambiente = claimed.ambiente as Ambiente;
  const uf = ufOfCUF(claimed.chave.slice(0, 2));
  if (!uf) throw new Error(`chave ${claimed.chave} names no UF`);
  const call = async (service: SefazService, message: string) => {
    const endpoint = resolveEndpoint({ uf, ambiente, service, override: settings.override });
    try {
      return {
        answer: await settings.client.call({
          credentials,
          endpoint,
          message,
          timeoutMs: settings.timeoutMs,
        }),
      };
    } catch (error) {
      const name = (error as Error).name;
      if (name !== 'TransportError' && name !== 'SefazAnswerError') throw error;
      return { failure: classifyFailure(service, error as Parameters<typeof classifyFailure>[1]) };
    }
  };
  const retryLater = (classification: Classification, extra: { recibo?: null } = {}) =>
    later(claimed, settings, classification, extra);

  if (claimed.recibo) {
    const { answer, failure } = await call(
      'NFeRetAutorizacao4',
      buildConsReciNFe({ ambiente, nRec: claimed.recibo }),
    );
    if (failure) return retryLater(failure);
    return resultOfAutorizacao(claimed, settings, answer);
  }

  if (claimed.maybeSent) {
    const { answer, failure } = await call(
      'NFeConsultaProtocolo4',
      buildConsSitNFe({ ambiente, chave: claimed.chave }),
    );
    if (failure) return retryLater(failure);
    if (answer.kind !== 'retConsSitNFe') throw new Error(`unexpected ${answer.kind}`);
    const classification = classifyConsulta(answer);
    if (classification.kind !== 'final') return retryLater(classification);
    if (classification.result === 'inexistente') {
      // 539: SEFAZ holds another chave under this number; nothing under ours, so it is refused.
      if (claimed.lastCStat === '539')
        return {
          kind: 'final',
          status: 'rejeitada',
          cStat: '539',
          xMotivo: 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
        };
      // SEFAZ never received it: sending now cannot authorise it twice.
    } else {
      const found = finalOf(claimed, classification, answer.protNFe);
      if (found) return found;
      return retryLater({ kind: 'unknown', reason: `consulta ${answer.cStat} without protNFe` });
    }
  }

  const { answer, failure } = await call(
    'NFeAutorizacao4',
    buildEnviNFe({ idLote: idLoteOf(claimed), sincrono: true, nfes: [claimed.xml] }),
  );
  if (failure) return retryLater(failure);
  return resultOfAutorizacao(claimed, settings, answer);
}

function resultOfAutorizacao(
  claimed: ClaimedDocument,
  settings: ExchangeSettings,
  answer: SefazAnswer,
): AttemptResult {
  if (answer.kind !== 'retEnviNFe' && answer.kind !== 'retConsReciNFe')
    throw new Error(`unexpected ${answer.kind}`);
  const [outcome] = classifyAutorizacao(answer, [claimed.chave]);
  if (!outcome) throw new Error('no outcome for the chave');
  const { classification } = outcome;
  if (classification.kind === 'pending' && outcome.nRec) {
    const tMed = answer.kind === 'retEnviNFe' ? answer.recibo?.tMed : undefined;
    return {
      kind: 'later',
      // sefaz.md §7: ask for a receipt no sooner than the average time SEFAZ reported.
      delayMs: Math.max(FIRST_RECEIPT_POLL_MS, (tMed ?? 0) * 1000),
      recibo: outcome.nRec,
      cStat: classification.cStat,
      error: `${classification.cStat} ${classification.xMotivo}`,
    };
  }
  if (classification.kind === 'final') {
    const result = finalOf(claimed, classification, outcome.protNFe);
    if (result) return result;
  }
  // A lost receipt (106) or a lot answer without our protNFe is settled by chave.
  const extra = claimed.recibo ? { recibo: null } : {};
  return later(claimed, settings, classification, extra);
}

function finalOf(
  claimed: ClaimedDocument,
  classification: Extract<Classification, { kind: 'final' }>,
  protNFe: ProtNFe | undefined,
): AttemptResult | undefined {
  const { result, cStat, xMotivo } = classification;
  if (result === 'rejeitada') return { kind: 'final', status: 'rejeitada', cStat, xMotivo };
  if (result !== 'autorizada' && result !== 'denegada' && result !== 'cancelada') return undefined;
  if (!protNFe) return undefined;
  return {
    kind: 'final',
    status: result,
    cStat: protNFe.cStat,
    xMotivo: protNFe.xMotivo,
    protocolo: {
      nProt: protNFe.nProt ?? null,
      dhRecbto: protNFe.dhRecbto,
      protNFe: protNFe.xml,
      nfeProc: buildNfeProc(claimed.xml, protNFe.xml),
    },
  };
}

function later(
  claimed: ClaimedDocument,
  settings: ExchangeSettings,
  classification: Classification,
  extra: { recibo?: null },
): AttemptResult {
  const cStat = 'cStat' in classification ? classification.cStat : undefined;
  const error =
    classification.kind === 'final' || classification.kind === 'pending'
      ? `${classification.cStat} ${classification.xMotivo}`
      : `${classification.kind}: ${'reason' in classification ? classification.reason : classification.xMotivo}`;
  const delayMs =
    classification.kind === 'throttled'
      ? THROTTLED_MS
      : classification.kind === 'unknown'
        ? CONSULT_AFTER_MS
        : backoffMs(claimed.attempt, settings.retryBaseMs);
  return { kind: 'later', delayMs, cStat, error, ...extra };
}

/** 1–15 digits; SEFAZ echoes it back and uses it for nothing, so the attempt's time will do. */
function idLoteOf(claimed: ClaimedDocument): string {
  return `${Date.now()}${claimed.attempt % 100}`.slice(-15);
}
