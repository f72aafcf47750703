import { signOf } from '../decimal.js';
import { layoutValue } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkPattern, given } from '../validate/text.js';
import { ipiProducerFields } from './ipi-producer.js';
import { accumulate, type Totals } from './item-totals.js';
import { byQuantity, quantityFieldsGiven } from './tax-quantity.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

const IPI_TRIB = ['00', '49', '50', '99'] as const;
const IPI_NT = ['01', '02', '03', '04', '05', '51', '52', '53', '54', '55'] as const;
const IPI_CSTS = [...IPI_TRIB, ...IPI_NT];
/** Whether each accepted CST is taxed (IPITrib) or not (IPINT), in one lookup. */
const TAXED_BY_CST: ReadonlyMap<unknown, boolean> = new Map([
  ...IPI_TRIB.map((cst) => [cst, true] as const),
  ...IPI_NT.map((cst) => [cst, false] as const),
]);

/**
 * `<IPI>` (TIpi): CNPJProd? cSelo? qSelo?, cEnq (3 digits; 999 "tributação normal" unless
 * `codigo_beneficio` names the legal framework), then IPITrib (CST 00/49/50/99: vBC pIPI, or
 * qUnid vUnid when taxed by quantity, then vIPI) or IPINT (CST 01–05, 51–55).
 */
export function renderIpi(issues: IssueList, line: TaxLine, totals: Totals): string {
  const cEnq = given(line.raw.codigo_beneficio)
    ? checkPattern(
        issues,
        line.path,
        'codigo_beneficio',
        line.raw.codigo_beneficio,
        /^\d{3}$/,
        '3 digits (IPI cEnq)',
      )
    : '999';
  const head = line.special ? ipiProducerFields(issues, line) : '';
  const cst = line.raw.cst;
  const taxed = TAXED_BY_CST.get(cst);
  if (taxed === undefined || typeof cst !== 'string') {
    checkLiteral(issues, line.path, 'cst', cst, IPI_CSTS);
    return '';
  }
  if (!taxed) {
    if (line.valor !== undefined && signOf(layoutValue(line.valor)) !== 0)
      mismatch(issues, line, `IPI CST ${cst} is not taxed (IPINT): valor must be 0`);
    if (quantityFieldsGiven(line))
      mismatch(issues, line, `IPI CST ${cst} is not taxed (IPINT): it has no qUnid/vUnid`);
    return `<IPI>${head}<cEnq>${cEnq ?? ''}</cEnq><IPINT><CST>${cst}</CST></IPINT></IPI>`;
  }
  const vIPI = need(issues, line, line.valor, 'valor', 'IPITrib');
  accumulate(totals.vIPI, line.valor);
  if (quantityFieldsGiven(line)) {
    const { quantity, rate } = byQuantity(issues, line, 'IPITrib', 'aliquota');
    return `<IPI>${head}<cEnq>${cEnq ?? ''}</cEnq><IPITrib><CST>${cst}</CST><qUnid>${quantity}</qUnid><vUnid>${rate}</vUnid><vIPI>${vIPI}</vIPI></IPITrib></IPI>`;
  }
  const vBC = need(issues, line, line.baseCalc, 'base_calc', 'IPITrib');
  const pIPI = need(issues, line, line.aliquota, 'aliquota', 'IPITrib');
  return `<IPI>${head}<cEnq>${cEnq ?? ''}</cEnq><IPITrib><CST>${cst}</CST><vBC>${vBC}</vBC><pIPI>${pIPI}</pIPI><vIPI>${vIPI}</vIPI></IPITrib></IPI>`;
}
