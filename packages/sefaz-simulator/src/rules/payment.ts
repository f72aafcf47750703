import { children, text } from '../xml/dom.js';
import { cents } from './decimal.js';
import type { NfeView } from './nfe-view.js';
import type { Rejection } from './rejection.js';
import { rejection } from './rejection.js';

/**
 * 865 / 866 / 869 (YA03-10/20, YA09-10): payments must cover vNF, and any excess must be the
 * troco. Not for complementary/return notes (finNFe 3/4) nor "sem pagamento" / "pagamento
 * posterior" (tPag 90 / 91, NT 2025.001 v1.03).
 */
export function checkPayment(nfe: NfeView): Rejection | undefined {
  const finNFe = text(nfe.ide, 'finNFe');
  if (!nfe.pag || !nfe.icmsTot || finNFe === '3' || finNFe === '4') return undefined;
  const payments = children(nfe.pag, 'detPag');
  if (payments.some((p) => ['90', '91'].includes(text(p, 'tPag') ?? ''))) return undefined;
  const paid = payments.reduce((total, p) => total + cents(text(p, 'vPag')), 0n);
  const vNF = cents(text(nfe.icmsTot, 'vNF'));
  if (paid < vNF)
    return rejection('865', 'Rejeição: Total dos pagamentos menor que o total da nota');
  const troco = text(nfe.pag, 'vTroco');
  if (paid > vNF && troco === undefined) {
    return rejection(
      '866',
      'Rejeição: Ausência de troco quando o valor dos pagamentos informados for maior que o total da nota',
    );
  }
  if (troco !== undefined && cents(troco) !== paid - vNF)
    return rejection('869', 'Rejeição: Valor do troco incorreto');
  return undefined;
}
