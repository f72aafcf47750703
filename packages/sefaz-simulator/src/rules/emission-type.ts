import { SVC_NOT_ACTIVATED, tpEmisIncompatible } from '../svc/rejections.js';
import { svcOf } from '../svc/svc-of.js';
import { text } from '../xml/dom.js';
import type { RuleContext } from './context.js';
import type { NfeView } from './nfe-view.js';
import type { Rejection } from './rejection.js';
import { rejection } from './rejection.js';

/** tpEmis only an SVC (6, 7) or the retired SCAN (3) authorises. */
const VIRTUAL_CONTINGENCY = new Set(['3', '6', '7']);

/**
 * Which authoriser takes which tpEmis (NT 2013.007 §05.2): a UF's own authoriser refuses the
 * SVC's and SCAN's (570, MOC B22-30). The SVC refuses a note of a UF whose SEFAZ never switched it
 * on (114, GB02.2: the UF is judged before tpEmis), any tpEmis but 6 and 7 (713, B22-60) and the
 * other SVC's (584, GB22.4). The chave's tpEmis is held to ide/tpEmis by 502 (chave.ts).
 */
export function checkEmissionType(nfe: NfeView, context: RuleContext): Rejection | undefined {
  const tpEmis = text(nfe.ide, 'tpEmis') ?? '';
  if (!context.svc) {
    return VIRTUAL_CONTINGENCY.has(tpEmis)
      ? rejection(
          '570',
          'Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC',
        )
      : undefined;
  }
  if (!context.svc.activatedUfs.has(nfe.cUF)) return SVC_NOT_ACTIVATED;
  if (tpEmis !== '6' && tpEmis !== '7')
    return rejection(
      '713',
      'Rejeição: Tipo de Emissão diferente de 6 ou 7 para contingência da SVC acessada',
    );
  const svc = svcOf(nfe.cUF);
  return svc && svc.tpEmis !== tpEmis ? tpEmisIncompatible(svc) : undefined;
}
