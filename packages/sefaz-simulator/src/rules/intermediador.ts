import { child, text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';
import { isValidCnpj } from './tax-ids.js';

/*
 * Sales through a marketplace (NT 2020.006): ide/indIntermed says whether a sale not made in
 * person went through a third party's platform, and infIntermed names that platform.
 */

/** indPres of a sale not made in person: internet, telephone, NFC-e delivery, others. */
const REMOTE_SALES: ReadonlySet<string> = new Set(['2', '3', '4', '9']);
/** indPres that may go with indIntermed 1: in person, and every remote kind. */
const SALES: ReadonlySet<string> = new Set(['1', ...REMOTE_SALES]);
/** Communication and energy services (CFOP 5205–5207, 5251–5258, 5301–5307): exempt from 434. */
const SERVICE_CFOP = /^5(20[5-7]|25[1-8]|30[1-7])$/;

/**
 * 434 (B25c-10, NT 2020.006 v1.31): a normal outgoing sale not made in person says whether a
 * platform intermediated it. 435 (B25c-20): indIntermed 1 only on a sale (indPres 1–4 or 9).
 */
export function checkIntermediaryIndicator(nfe: NfeView): Rejection | undefined {
  const indPres = text(nfe.ide, 'indPres') ?? '';
  if (
    REMOTE_SALES.has(indPres) &&
    text(nfe.ide, 'tpNF') === '1' &&
    text(nfe.ide, 'finNFe') === '1' &&
    child(nfe.ide, 'indIntermed') === undefined &&
    // "does not apply to the CFOP" listed: a note carrying any of them is taken as exempt.
    !nfe.items.some((det) => SERVICE_CFOP.test(text(det, 'prod', 'CFOP') ?? ''))
  )
    return rejection('434', 'Rejeição: NF-e sem indicativo do intermediador');
  if (!SALES.has(indPres) && text(nfe.ide, 'indIntermed') === '1')
    return rejection('435', 'Rejeição: NF-e não pode ter o indicativo do intermediador');
  return undefined;
}

/** 438 / 439 / 440 (YB01-10/20, YB02-10): infIntermed exactly with indIntermed 1, a real CNPJ. */
export function checkIntermediary(nfe: NfeView): Rejection | undefined {
  const group = child(nfe.infNFe, 'infIntermed');
  const thirdParty = text(nfe.ide, 'indIntermed') === '1';
  if (thirdParty && !group)
    return rejection(
      '438',
      'Rejeição: Obrigatória as informações do intermediador da transação para operação por site de terceiros',
    );
  if (!group) return undefined;
  if (!thirdParty)
    return rejection(
      '439',
      'Rejeição: Informações do intermediador da transação para operação por site de terceiros preenchido indevidamente',
    );
  if (!isValidCnpj(text(group, 'CNPJ')))
    return rejection('440', 'Rejeição: CNPJ do intermediador da transação inválido');
  return undefined;
}
