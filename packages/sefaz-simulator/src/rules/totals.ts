import type { XmlElement } from '../xml/dom.js';
import { child, children, text } from '../xml/dom.js';
import { abs, cents, formatCents } from './decimal.js';
import type { NfeView } from './nfe-view.js';
import type { Rejection } from './rejection.js';
import { rejection } from './rejection.js';

/** The first child group of `imposto/<tax>` (ICMS00, PISAliq, …), where the item's amounts are. */
function taxGroup(det: XmlElement, tax: string): XmlElement | undefined {
  const wrapper = child(det, 'imposto', tax);
  return wrapper ? children(wrapper).find((c) => c.localName !== 'CNPJProd') : undefined;
}

function sum(items: readonly XmlElement[], pick: (det: XmlElement) => string | undefined): bigint {
  return items.reduce((total, det) => total + cents(pick(det)), 0n);
}

interface TotalRule {
  readonly field: string;
  readonly cStat: string;
  readonly label: string;
  readonly itemValue: (det: XmlElement) => string | undefined;
}

/** ICMSTot fields that are the sum of the items' field (W03–W12, W07, 601–604). */
const TOTAL_RULES: readonly TotalRule[] = [
  { field: 'vBC', cStat: '531', label: 'Total da BC ICMS', itemValue: (d) => icms(d, 'vBC') },
  { field: 'vICMS', cStat: '532', label: 'Total do ICMS', itemValue: (d) => icms(d, 'vICMS') },
  {
    field: 'vBCST',
    cStat: '533',
    label: 'Total da BC ICMS-ST',
    itemValue: (d) => icms(d, 'vBCST'),
  },
  { field: 'vST', cStat: '534', label: 'Total do ICMS-ST', itemValue: (d) => icms(d, 'vICMSST') },
  {
    field: 'vFrete',
    cStat: '535',
    label: 'Total do Frete',
    itemValue: (d) => text(d, 'prod', 'vFrete'),
  },
  {
    field: 'vSeg',
    cStat: '536',
    label: 'Total do Seguro',
    itemValue: (d) => text(d, 'prod', 'vSeg'),
  },
  {
    field: 'vDesc',
    cStat: '537',
    label: 'Total do Desconto',
    itemValue: (d) => text(d, 'prod', 'vDesc'),
  },
  {
    field: 'vIPI',
    cStat: '538',
    label: 'Total do IPI',
    itemValue: (d) => text(d, 'imposto', 'IPI', 'IPITrib', 'vIPI'),
  },
  {
    field: 'vProd',
    cStat: '564',
    label: 'Total do Produto / Serviço',
    itemValue: (d) => (text(d, 'prod', 'indTot') === '1' ? text(d, 'prod', 'vProd') : undefined),
  },
  {
    field: 'vII',
    cStat: '601',
    label: 'Total do II',
    itemValue: (d) => text(d, 'imposto', 'II', 'vII'),
  },
  {
    field: 'vPIS',
    cStat: '602',
    label: 'Total do PIS',
    itemValue: (d) => {
      const g = taxGroup(d, 'PIS');
      return g && text(g, 'vPIS');
    },
  },
  {
    field: 'vCOFINS',
    cStat: '603',
    label: 'Total da COFINS',
    itemValue: (d) => {
      const g = taxGroup(d, 'COFINS');
      return g && text(g, 'vCOFINS');
    },
  },
  {
    field: 'vICMSDeson',
    cStat: '795',
    label: 'Total do ICMS desonerado',
    itemValue: (d) => icms(d, 'vICMSDeson'),
  },
  {
    field: 'vFCPSTRet',
    cStat: '859',
    label: 'Total do FCP retido anteriormente por Substituição Tributária',
    itemValue: (d) => icms(d, 'vFCPSTRet'),
  },
  {
    field: 'vTotTrib',
    cStat: '685',
    label: 'Total do Valor Aproximado dos Tributos',
    itemValue: (d) => text(d, 'imposto', 'vTotTrib'),
  },
  {
    field: 'vOutro',
    cStat: '604',
    label: 'Total do vOutro',
    itemValue: (d) => text(d, 'prod', 'vOutro'),
  },
];

function icms(det: XmlElement, field: string): string | undefined {
  const group = taxGroup(det, 'ICMS');
  return group && text(group, field);
}

/** R$ 0,50: the tolerance of rule W16 (610). */
const VNF_TOLERANCE = 50n;

/** 531–538, 564, 601–604, 685, 795, 859: each total against the sum of its items; then 610 for vNF. */
export function checkTotals(nfe: NfeView): Rejection | undefined {
  const tot = nfe.icmsTot;
  if (!tot) return undefined;
  for (const rule of TOTAL_RULES) {
    if (cents(text(tot, rule.field)) !== sum(nfe.items, rule.itemValue))
      return rejection(rule.cStat, `Rejeição: ${rule.label} difere do somatório dos itens`);
  }
  const expected = expectedVnf(nfe, tot);
  if (abs(cents(text(tot, 'vNF')) - expected) > VNF_TOLERANCE) {
    return rejection(
      '610',
      `Rejeição: Total da NF difere do somatório dos Valores compõe o valor Total da NF. [vNF esperado: ${formatCents(expected)}]`.slice(
        0,
        255,
      ),
    );
  }
  return undefined;
}

/**
 * W16: vProd − vDesc − vICMSDeson (of items with indDeduzDeson=1) + vST + vFCPST + vICMSMonoReten
 * + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + vServ (ISSQNtot) + PIS-ST and COFINS-ST (of
 * items with indSomaPISST / indSomaCOFINSST = 1, NT 2020.005).
 */
function expectedVnf(nfe: NfeView, tot: XmlElement): bigint {
  const get = (field: string): bigint => cents(text(tot, field));
  const deducted = sum(nfe.items, (det) => {
    const group = taxGroup(det, 'ICMS');
    return group && text(group, 'indDeduzDeson') === '1' ? text(group, 'vICMSDeson') : undefined;
  });
  const services = cents(text(nfe.infNFe, 'total', 'ISSQNtot', 'vServ'));
  const substitution =
    sum(nfe.items, (det) => {
      const pis = text(det, 'imposto', 'PISST', 'indSomaPISST') === '1';
      return pis ? text(det, 'imposto', 'PISST', 'vPIS') : undefined;
    }) +
    sum(nfe.items, (det) => {
      const cofins = text(det, 'imposto', 'COFINSST', 'indSomaCOFINSST') === '1';
      return cofins ? text(det, 'imposto', 'COFINSST', 'vCOFINS') : undefined;
    });
  return (
    get('vProd') -
    get('vDesc') -
    deducted +
    get('vST') +
    get('vFCPST') +
    get('vICMSMonoReten') +
    get('vFrete') +
    get('vSeg') +
    get('vOutro') +
    get('vII') +
    get('vIPI') +
    get('vIPIDevol') +
    services +
    substitution
  );
}
