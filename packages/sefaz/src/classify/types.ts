/**
 * What a final answer means for the document, event or inutilização it concerns:
 * `autorizada` (100, 150), `denegada` (110, 205, 301–303), `rejeitada` (any other refusal),
 * `registrado` (event 135, 136, 155), `homologada` (inutilização 102), and, for a consulta,
 * `cancelada` (101, 151, 155) and `inexistente` (217: SEFAZ never received the chave), and for the
 * status service `em_operacao` (107) and, asked of an SVC, `svc_inativa` (113, 114: the SVC is not
 * on for the UF, or is being switched off).
 */
export type FinalResult =
  | 'autorizada'
  | 'denegada'
  | 'rejeitada'
  | 'registrado'
  | 'homologada'
  | 'cancelada'
  | 'inexistente'
  | 'em_operacao'
  | 'svc_inativa';

/**
 * What to do next:
 * - `final`: done; store the result.
 * - `pending`: SEFAZ has the lot and is processing it; ask again later (`consReciNFe` with the recibo).
 * - `unknown`: SEFAZ may or may not have acted (lost answer after sending, 204/539 duplicates,
 *   573 duplicate event, 106 lot not found): consult the chave before anything is resent.
 * - `retryable`: nothing changed at SEFAZ (108/109, 5xx or a network failure of a query, a
 *   connection that never carried the request): send the same thing again after a back-off.
 * - `throttled`: 656 consumo indevido; stop calling this authoriser for this company for up to an hour.
 */
export type Classification =
  | {
      readonly kind: 'final';
      readonly result: FinalResult;
      readonly cStat: string;
      readonly xMotivo: string;
    }
  | { readonly kind: 'pending'; readonly cStat: string; readonly xMotivo: string }
  | {
      readonly kind: 'unknown';
      readonly reason: string;
      readonly cStat?: string;
      readonly xMotivo?: string;
    }
  | {
      readonly kind: 'retryable';
      readonly reason: string;
      readonly cStat?: string;
      readonly xMotivo?: string;
    }
  | { readonly kind: 'throttled'; readonly cStat: string; readonly xMotivo: string };

export type ClassificationKind = Classification['kind'];

/**
 * Which cStat is being read: they mean different things in different places (104 ends a lot but
 * says nothing about its NF-e; 101 is a cancelled NF-e only in a consulta).
 * - `lote`: the lot status of `retEnviNFe` / `retConsReciNFe`
 * - `protocolo`: a `protNFe`
 * - `consulta`: `retConsSitNFe`
 * - `lote_evento`: the lot status of `retEnvEvento`
 * - `evento`: a `retEvento`
 * - `inutilizacao`: `retInutNFe`
 * - `status`: `retConsStatServ`
 */
export type CStatContext =
  'lote' | 'protocolo' | 'consulta' | 'lote_evento' | 'evento' | 'inutilizacao' | 'status';
