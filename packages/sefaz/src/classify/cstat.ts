import type { Classification, CStatContext, FinalResult } from './types.js';

/** What a cStat means in a context, before the answer's text is attached. */
export type CStatMeaning =
  | { readonly kind: 'final'; readonly result: FinalResult }
  | { readonly kind: 'pending' | 'unknown' | 'retryable' | 'throttled' }
  /** A lot status that says "look at each document's own answer" (104, 128). */
  | { readonly kind: 'per_item' };

const final = (result: FinalResult): CStatMeaning => ({ kind: 'final', result });
const PENDING: CStatMeaning = { kind: 'pending' };
const UNKNOWN: CStatMeaning = { kind: 'unknown' };
const RETRYABLE: CStatMeaning = { kind: 'retryable' };
const THROTTLED: CStatMeaning = { kind: 'throttled' };
const PER_ITEM: CStatMeaning = { kind: 'per_item' };

/** Any answer may say these (MOC-I B03/B04 and §4.3). */
const EVERYWHERE: Readonly<Record<string, CStatMeaning>> = {
  '108': RETRYABLE,
  '109': RETRYABLE,
  '656': THROTTLED,
};

/** Context-specific meanings; anything not listed is a final rejection. */
const BY_CONTEXT: Readonly<Record<CStatContext, Readonly<Record<string, CStatMeaning>>>> = {
  lote: {
    '103': PENDING,
    '105': PENDING,
    '104': PER_ITEM,
    // "Lote não localizado": the recibo is gone; what happened to its NF-e is known only by chave.
    '106': UNKNOWN,
    // Duplicates at lot level (some authorisers answer the sync lot this way): consult the chave.
    '204': UNKNOWN,
    '539': UNKNOWN,
    // "Erro não catalogado": nothing says whether the lot was taken.
    '999': UNKNOWN,
  },
  protocolo: {
    '100': final('autorizada'),
    '150': final('autorizada'),
    '110': final('denegada'),
    '205': final('denegada'),
    '301': final('denegada'),
    '302': final('denegada'),
    '303': final('denegada'),
    '204': UNKNOWN,
    '539': UNKNOWN,
    '999': UNKNOWN,
  },
  consulta: {
    '100': final('autorizada'),
    '150': final('autorizada'),
    '101': final('cancelada'),
    '151': final('cancelada'),
    '155': final('cancelada'),
    '110': final('denegada'),
    '301': final('denegada'),
    '302': final('denegada'),
    '303': final('denegada'),
    '217': final('inexistente'),
    '999': RETRYABLE,
  },
  lote_evento: {
    '128': PER_ITEM,
    '999': UNKNOWN,
  },
  evento: {
    '135': final('registrado'),
    '136': final('registrado'),
    '155': final('registrado'),
    // "Duplicidade de evento": an earlier send was registered; consult the chave for its protocol.
    '573': UNKNOWN,
    '999': UNKNOWN,
  },
  inutilizacao: {
    '102': final('homologada'),
    '999': UNKNOWN,
  },
  status: {
    '107': final('em_operacao'),
    // Answers of an SVC's status service (NT 2013.007): 113 "SVC-[XX] será desabilitada para a UF
    // informada às HH:MM" — it still takes NF-e for the 15 minutes its SEFAZ overlaps with the
    // normal authoriser, so no new NF-e should start there; 114 "SVC-[XX] desabilitada pela SEFAZ
    // de Origem" / "SVC não ativada para a SEFAZ do Emitente". Neither means "use the SVC".
    '113': final('svc_inativa'),
    '114': final('svc_inativa'),
    '999': RETRYABLE,
  },
};

/**
 * The meaning of a cStat in a context (see `CStatContext`); a pure table lookup. Unlisted codes
 * are final rejections. cStat is compared as text, so four-digit codes work (NT 2025.002).
 */
export function cStatMeaning(context: CStatContext, cStat: string): CStatMeaning {
  const code = cStat.trim();
  return EVERYWHERE[code] ?? BY_CONTEXT[context][code] ?? final('rejeitada');
}

/** The classification of a cStat whose meaning is not `per_item`. */
export function classifyCStat(
  context: CStatContext,
  cStat: string,
  xMotivo: string,
): Classification {
  const meaning = cStatMeaning(context, cStat);
  switch (meaning.kind) {
    case 'final':
      return { kind: 'final', result: meaning.result, cStat, xMotivo };
    case 'pending':
    case 'throttled':
      return { kind: meaning.kind, cStat, xMotivo };
    case 'unknown':
    case 'retryable':
      return { kind: meaning.kind, reason: `cStat ${cStat}: ${xMotivo}`, cStat, xMotivo };
    case 'per_item':
      // A lot status passed where a document status was due: the documents' own answers decide.
      return {
        kind: 'unknown',
        reason: `cStat ${cStat} describes a lot, not a document`,
        cStat,
        xMotivo,
      };
  }
}
