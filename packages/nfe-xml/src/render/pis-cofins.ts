import { signOf } from '../decimal.js';
import { layoutValue } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral } from '../validate/text.js';
import { accumulate, type Totals } from './item-totals.js';
import { byQuantity, quantityFieldsGiven } from './tax-quantity.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

const ALIQ: readonly string[] = ['01', '02'] as const;
/** CST 03: taxed by quantity (PISQtde/COFINSQtde: qBCProd × vAliqProd). */
const QTDE: readonly string[] = ['03'] as const;
const NT: readonly string[] = ['04', '05', '06', '07', '08', '09'] as const;
// PISOutr/COFINSOutr CSTs (leiauteNFe_v4.00.xsd): by rate or by quantity.
const OUTR = [
  '49',
  '50',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '67',
  '70',
  '71',
  '72',
  '73',
  '74',
  '75',
  '98',
  '99',
] as const;
const CSTS: readonly string[] = [...ALIQ, ...QTDE, ...NT, ...OUTR];
/** The group of each accepted CST: one lookup instead of scanning the lists (twice per item). */
const GROUP_OF_CST: ReadonlyMap<unknown, 'aliq' | 'qtde' | 'nt' | 'outr'> = new Map([
  ...ALIQ.map((cst) => [cst, 'aliq'] as const),
  ...QTDE.map((cst) => [cst, 'qtde'] as const),
  ...NT.map((cst) => [cst, 'nt'] as const),
  ...OUTR.map((cst) => [cst, 'outr'] as const),
]);

/** The markup between the values of one group (`PISAliq`, `COFINSOutr`, …). */
interface GroupMarkup {
  readonly name: string;
  readonly beforeCst: string;
  readonly beforeBase: string;
  readonly beforeRate: string;
  readonly beforeValue: string;
  readonly end: string;
}

function groupMarkup(tax: 'PIS' | 'COFINS', group: 'Aliq' | 'Outr'): GroupMarkup {
  const name = `${tax}${group}`;
  return {
    name,
    beforeCst: `<${tax}><${name}><CST>`,
    beforeBase: '</CST><vBC>',
    beforeRate: `</vBC><p${tax}>`,
    beforeValue: `</p${tax}><v${tax}>`,
    end: `</v${tax}></${name}></${tax}>`,
  };
}

// Spelled out once: writing the tag names into each item's markup doubled the pieces its text is
// made of (each piece is a node the final copy has to visit).
const MARKUP = {
  PIS: {
    aliq: groupMarkup('PIS', 'Aliq'),
    outr: groupMarkup('PIS', 'Outr'),
    ntBeforeCst: '<PIS><PISNT><CST>',
    ntEnd: '</CST></PISNT></PIS>',
  },
  COFINS: {
    aliq: groupMarkup('COFINS', 'Aliq'),
    outr: groupMarkup('COFINS', 'Outr'),
    ntBeforeCst: '<COFINS><COFINSNT><CST>',
    ntEnd: '</CST></COFINSNT></COFINS>',
  },
} as const;

/**
 * `<PIS>` or `<COFINS>`: the Aliq group (CST 01, 02), Qtde (03), NT (04–09) or Outr (49–99) with
 * vBC, pPIS/pCOFINS (or, by quantity, qBCProd and vAliqProd) and vPIS/vCOFINS from the line.
 */
export function renderPisCofins(
  issues: IssueList,
  line: TaxLine,
  tax: 'PIS' | 'COFINS',
  totals: Totals,
): string {
  const cst = line.raw.cst;
  const kind = GROUP_OF_CST.get(cst);
  if (kind === undefined || typeof cst !== 'string') {
    checkLiteral(issues, line.path, 'cst', cst, CSTS);
    return '';
  }
  const markup = MARKUP[tax];
  if (kind === 'nt') {
    if (line.valor !== undefined && signOf(layoutValue(line.valor)) !== 0)
      mismatch(issues, line, `${tax} CST ${cst} is not taxed (${tax}NT): valor must be 0`);
    if (quantityFieldsGiven(line))
      mismatch(
        issues,
        line,
        `${tax} CST ${cst} is not taxed (${tax}NT): it has no qBCProd/vAliqProd`,
      );
    return markup.ntBeforeCst + cst + markup.ntEnd;
  }
  if (kind === 'qtde' || (kind === 'outr' && quantityFieldsGiven(line)))
    return byQuantityGroup(issues, line, tax, kind === 'qtde' ? 'Qtde' : 'Outr', cst, totals);
  if (kind === 'aliq' && quantityFieldsGiven(line))
    mismatch(
      issues,
      line,
      `${tax} CST ${cst} (${tax}Aliq) is taxed by rate: CST 03 and 49–99 may be taxed by quantity`,
    );
  const group = kind === 'aliq' ? markup.aliq : markup.outr;
  const vBC = need(issues, line, line.baseCalc, 'base_calc', group.name);
  const rate = need(issues, line, line.aliquota, 'aliquota', group.name);
  const value = need(issues, line, line.valor, 'valor', group.name);
  accumulate(tax === 'PIS' ? totals.vPIS : totals.vCOFINS, line.valor);
  return `${group.beforeCst}${cst}${group.beforeBase}${vBC}${group.beforeRate}${rate}${group.beforeValue}${value}${group.end}`;
}

/** `<PISQtde>`/`<PISOutr>` (and the COFINS twins) by quantity: CST qBCProd vAliqProd vPIS. */
function byQuantityGroup(
  issues: IssueList,
  line: TaxLine,
  tax: 'PIS' | 'COFINS',
  kind: 'Qtde' | 'Outr',
  cst: string,
  totals: Totals,
): string {
  const name = `${tax}${kind}`;
  const { quantity, rate } = byQuantity(issues, line, name, 'aliquota');
  const value = need(issues, line, line.valor, 'valor', name);
  accumulate(tax === 'PIS' ? totals.vPIS : totals.vCOFINS, line.valor);
  return (
    `<${tax}><${name}><CST>${cst}</CST><qBCProd>${quantity}</qBCProd>` +
    `<vAliqProd>${rate}</vAliqProd><v${tax}>${value}</v${tax}></${name}></${tax}>`
  );
}
