import {
  buildProcInutNFe,
  classifyInutilizacao,
  inutilizacaoConflict,
  type Ambiente,
  type Classification,
  type TlsCredentials,
} from '@emissor/sefaz';

import type { ExchangeSettings } from '../transmission/exchange.js';
import { laterAttempt } from '../transmission/retry-delay.js';
import { sefazCallerOfUf } from '../transmission/sefaz-call.js';
import type { ClaimedVoid, VoidAttemptResult } from './void-queue.js';

/**
 * One attempt for one inutilização: send the stored, signed inutNFe to NFeInutilizacao4. There is
 * no consultation of inutilizações, so a send whose answer was lost is resent as it was: SEFAZ
 * registers a range once, and answers the resend of a homologated one with 563, which then means
 * "homologated" (its protocol stays with the lost answer).
 */
export async function runVoidAttempt(
  settings: ExchangeSettings,
  claimed: ClaimedVoid,
  inutXml: string,
  credentials: TlsCredentials,
): Promise<VoidAttemptResult> {
  const call = sefazCallerOfUf(settings, claimed.cuf, claimed.ambiente as Ambiente, credentials);
  const { answer, failure } = await call('NFeInutilizacao4', inutXml);
  const later = (classification: Classification) =>
    laterAttempt(classification, claimed.attempt, settings.retryBaseMs);
  if (failure) return later(failure);
  if (answer.kind !== 'retInutNFe') throw new Error(`unexpected ${answer.kind}`);
  const classification = classifyInutilizacao(answer);
  if (classification.kind !== 'final') return later(classification);
  if (classification.result === 'homologada')
    return {
      kind: 'final',
      status: 'homologada',
      cStat: answer.cStat,
      xMotivo: answer.xMotivo,
      protocolo: answer.nProt ?? null,
      homologadaEm: answer.dhRecbto ?? null,
      procXml: buildProcInutNFe(inutXml, answer.xml),
    };
  if (claimed.maybeSent && inutilizacaoConflict(answer.cStat) === 'same_range')
    return {
      kind: 'final',
      status: 'homologada',
      cStat: answer.cStat,
      xMotivo: answer.xMotivo,
      protocolo: null,
      homologadaEm: null,
      procXml: null,
    };
  return { kind: 'final', status: 'rejeitada', cStat: answer.cStat, xMotivo: answer.xMotivo };
}
