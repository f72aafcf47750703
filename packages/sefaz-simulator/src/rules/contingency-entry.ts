import { text } from '../xml/dom.js';
import type { RuleContext } from './context.js';
import type { NfeView } from './nfe-view.js';
import type { Rejection } from './rejection.js';
import { rejection } from './rejection.js';

/** B28-30's tolerance for the clocks of the emitter and the authoriser. */
const CLOCK_TOLERANCE_MS = 5 * 60_000;
/** B28-40: contingency may have begun at most 30 days before dhEmi. */
const MAX_CONTINGENCY_AGE_MS = 30 * 24 * 3_600_000;

/**
 * MOC B28: ide/dhCont and ide/xJust (when and why contingency began) belong to a note issued in
 * contingency, and only to one: 556 with tpEmis 1, 557 without them otherwise. B28-20 names tpEmis
 * 2, 4, 5 and 9; an SVC note must carry them too (NT 2013.007 §05.1 c), so every tpEmis but 1 is
 * asked for them. Then dhCont may not be after the reception (558) nor 30 days before dhEmi (569).
 */
export function checkContingencyEntry(nfe: NfeView, context: RuleContext): Rejection | undefined {
  const { ide } = nfe;
  const dhCont = text(ide, 'dhCont');
  const xJust = text(ide, 'xJust');
  if (text(ide, 'tpEmis') === '1') {
    return dhCont === undefined && xJust === undefined
      ? undefined
      : rejection(
          '556',
          'Rejeição: Justificativa de entrada em contingência não deve ser informada para tipo de emissão normal',
        );
  }
  if (dhCont === undefined || xJust === undefined)
    return rejection(
      '557',
      'Rejeição: A Justificativa de entrada em contingência deve ser informada',
    );
  const since = Date.parse(dhCont);
  if (since > context.receivedAt.getTime() + CLOCK_TOLERANCE_MS)
    return rejection(
      '558',
      'Rejeição: Data de entrada em contingência posterior a data de recebimento',
    );
  const issued = Date.parse(text(ide, 'dhEmi') ?? '');
  if (since < issued - MAX_CONTINGENCY_AGE_MS)
    return rejection('569', 'Rejeição: Data de entrada em contingência muito atrasada');
  return undefined;
}
