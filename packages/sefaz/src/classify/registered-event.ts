import type { ProcEventoNFe, RetConsSitNFe } from '../answers/types.js';
import { cStatMeaning } from './cstat.js';
import type { EventoRef } from './answers.js';

/**
 * The registered event a consultation reports for `ref` (same chave, tpEvento and nSeqEvento, with
 * a `retEvento` of 135, 136 or 155): how a 573 or a lost answer is settled without sending the event
 * again. Undefined when SEFAZ reports no such registered event.
 */
export function registeredEvento(answer: RetConsSitNFe, ref: EventoRef): ProcEventoNFe | undefined {
  return answer.procEventoNFe.find((proc) => {
    const ret = proc.retEvento;
    if (!ret) return false;
    const meaning = cStatMeaning('evento', ret.cStat);
    return (
      meaning.kind === 'final' &&
      meaning.result === 'registrado' &&
      (proc.chNFe ?? ret.chNFe) === ref.chave &&
      (proc.tpEvento ?? ret.tpEvento) === ref.tpEvento &&
      Number(proc.nSeqEvento ?? ret.nSeqEvento) === ref.nSeqEvento
    );
  });
}
