import type {
  ProtNFe,
  RetConsReciNFe,
  RetConsSitNFe,
  RetConsStatServ,
  RetEnviNFe,
  RetEnvEvento,
  RetEvento,
  RetInutNFe,
} from '../answers/types.js';
import { classifyCStat, cStatMeaning } from './cstat.js';
import type { Classification } from './types.js';

/** The outcome for one NF-e of a lot. */
export interface NfeOutcome {
  readonly chave: string;
  readonly classification: Classification;
  /** Its protNFe, when SEFAZ sent one (also for rejections and denials). */
  readonly protNFe?: ProtNFe;
  /** The recibo to ask with, when the lot is pending. */
  readonly nRec?: string;
}

/**
 * The outcome of each NF-e of a lot from `retEnviNFe` (sync or async, whatever was asked: some
 * authorisers answer a sync request with a recibo) or `retConsReciNFe`. `chaves` are the lot's
 * NF-e, in any order; a processed lot without a protNFe for one of them leaves it unknown.
 */
export function classifyAutorizacao(
  answer: RetEnviNFe | RetConsReciNFe,
  chaves: readonly string[],
): NfeOutcome[] {
  const protocols =
    answer.kind === 'retEnviNFe' ? (answer.protNFe ? [answer.protNFe] : []) : answer.protNFe;
  const nRec = answer.kind === 'retEnviNFe' ? answer.recibo?.nRec : answer.nRec;
  const lot = cStatMeaning('lote', answer.cStat);

  return chaves.map((chave) => {
    const protNFe = protocols.find((p) => p.chNFe === chave);
    // A sync answer's protNFe decides even if an authoriser put an unexpected lot status on top.
    if (protNFe && (lot.kind === 'per_item' || answer.kind === 'retEnviNFe'))
      return {
        chave,
        protNFe,
        classification: classifyCStat('protocolo', protNFe.cStat, protNFe.xMotivo),
      };
    if (lot.kind === 'per_item')
      return {
        chave,
        classification: {
          kind: 'unknown',
          reason: `lot ${answer.cStat} has no protNFe for this chave`,
          cStat: answer.cStat,
          xMotivo: answer.xMotivo,
        },
      };
    if (lot.kind === 'pending') {
      if (!nRec)
        return {
          chave,
          classification: {
            kind: 'unknown',
            reason: `lot ${answer.cStat} without a recibo`,
            cStat: answer.cStat,
            xMotivo: answer.xMotivo,
          },
        };
      return { chave, nRec, classification: classifyCStat('lote', answer.cStat, answer.xMotivo) };
    }
    return { chave, classification: classifyCStat('lote', answer.cStat, answer.xMotivo) };
  });
}

/** What a consulta says about the chave; `protNFe` and the events are in the answer itself. */
export function classifyConsulta(answer: RetConsSitNFe): Classification {
  return classifyCStat('consulta', answer.cStat, answer.xMotivo);
}

/** The event an outcome is about: the fields of its `infEvento`. */
export interface EventoRef {
  readonly chave: string;
  readonly tpEvento: string;
  readonly nSeqEvento: number;
}

export interface EventoOutcome {
  readonly evento: EventoRef;
  readonly classification: Classification;
  readonly retEvento?: RetEvento;
}

function matches(ret: RetEvento, ref: EventoRef): boolean {
  return (
    ret.chNFe === ref.chave &&
    ret.tpEvento === ref.tpEvento &&
    Number(ret.nSeqEvento) === ref.nSeqEvento
  );
}

/**
 * The outcome of each event of a lot. A `retEvento` is matched by chave, tpEvento and nSeqEvento;
 * rejections that omit them are matched by position, as SEFAZ answers in the lot's order.
 */
export function classifyEventos(
  answer: RetEnvEvento,
  eventos: readonly EventoRef[],
): EventoOutcome[] {
  const lot = cStatMeaning('lote_evento', answer.cStat);
  return eventos.map((evento, index) => {
    if (lot.kind !== 'per_item')
      return { evento, classification: classifyCStat('lote_evento', answer.cStat, answer.xMotivo) };
    const positional = answer.retEvento[index];
    const retEvento =
      answer.retEvento.find((r) => matches(r, evento)) ??
      (positional && positional.chNFe === undefined ? positional : undefined);
    if (!retEvento)
      return {
        evento,
        classification: {
          kind: 'unknown',
          reason: `lot ${answer.cStat} has no retEvento for this event`,
          cStat: answer.cStat,
          xMotivo: answer.xMotivo,
        },
      };
    return {
      evento,
      retEvento,
      classification: classifyCStat('evento', retEvento.cStat, retEvento.xMotivo),
    };
  });
}

/**
 * The outcome of an inutilização. 256 ("uma NF-e da faixa já está inutilizada") and 563 (same
 * range already asked) are rejections; after an unknown outcome they mean the earlier request went
 * through, which only the caller knows.
 */
export function classifyInutilizacao(answer: RetInutNFe): Classification {
  return classifyCStat('inutilizacao', answer.cStat, answer.xMotivo);
}

/**
 * 107 → `final`/`em_operacao`; 108/109 → `retryable`; from an SVC, 113 (being switched off) and
 * 114 (not on for the UF) → `final`/`svc_inativa` — the cStat says which.
 */
export function classifyStatus(answer: RetConsStatServ): Classification {
  return classifyCStat('status', answer.cStat, answer.xMotivo);
}
