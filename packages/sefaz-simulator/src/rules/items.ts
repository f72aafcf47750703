import type { XmlElement } from '../xml/dom.js';
import { child, children, text } from '../xml/dom.js';
import { abs, scaled } from './decimal.js';
import type { NfeView } from './nfe-view.js';
import type { Rejection } from './rejection.js';
import { rejection } from './rejection.js';

const nItem = (det: XmlElement): string => det.attributes.get('nItem') ?? '?';

/**
 * 518 / 519: the CFOP's first digit says the goods' direction, which is tpNF's (I08-10/20);
 * 731 / 732 / 733: it must agree with idDest (I08-30/40/50).
 */
export function checkCfopDestination(nfe: NfeView): Rejection | undefined {
  const idDest = text(nfe.ide, 'idDest');
  const tpNF = text(nfe.ide, 'tpNF');
  for (const det of nfe.items) {
    const scope = (text(det, 'prod', 'CFOP') ?? '').charAt(0);
    if (tpNF === '1' && (scope === '1' || scope === '2' || scope === '3'))
      return rejection('518', 'Rejeição: CFOP de entrada para NF-e de saída');
    if (tpNF === '0' && (scope === '5' || scope === '6' || scope === '7'))
      return rejection('519', 'Rejeição: CFOP de saída para NF-e de entrada');
    if ((scope === '3' || scope === '7') && idDest !== '3')
      return rejection('731', 'Rejeição: CFOP de operação com Exterior e idDest <> 3');
    if ((scope === '2' || scope === '6') && idDest !== '2')
      return rejection('732', 'Rejeição: CFOP de operação interestadual e idDest <> 2');
    if ((scope === '1' || scope === '5') && idDest !== '1')
      return rejection('733', 'Rejeição: CFOP de operação interna e idDest <> 1');
  }
  return undefined;
}

/**
 * 590 / 591: Simples Nacional emitters (CRT 1, and the MEI's CRT 4) report ICMS by CSOSN, the
 * others by CST (N12-20).
 */
export function checkIcmsRegime(nfe: NfeView): Rejection | undefined {
  const crt = text(nfe.emit, 'CRT');
  const simples = crt === '1' || crt === '4';
  for (const det of nfe.items) {
    const icms = child(det, 'imposto', 'ICMS');
    const group = icms ? children(icms)[0] : undefined;
    if (!group) continue;
    if (simples && child(group, 'CST'))
      return rejection('590', 'Rejeição: Informado CST para emissor do Simples Nacional (CRT=1)');
    if (!simples && child(group, 'CSOSN'))
      return rejection(
        '591',
        'Rejeição: Informado CSOSN para emissor que não é do Simples Nacional (CRT diferente de 1)',
      );
  }
  return undefined;
}

/** 629: vProd = qCom × vUnCom within R$ 0,01, for normal NF-e (finNFe=1) (I11-10). */
export function checkItemValues(nfe: NfeView): Rejection | undefined {
  if (text(nfe.ide, 'finNFe') !== '1') return undefined;
  // qCom has up to 4 decimals and vUnCom up to 10: their product is exact at 14.
  const tolerance = scaled('0.01', 14);
  for (const det of nfe.items) {
    const prod = child(det, 'prod');
    if (!prod) continue;
    const product = scaled(text(prod, 'qCom'), 4) * scaled(text(prod, 'vUnCom'), 10);
    if (abs(product - scaled(text(prod, 'vProd'), 14)) > tolerance) {
      return rejection(
        '629',
        `Rejeição: Valor do Produto difere do produto Valor Unitário de Comercialização e Quantidade Comercial [nItem: ${nItem(det)}]`,
      );
    }
  }
  return undefined;
}
