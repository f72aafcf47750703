import type { IssuePath } from '../errors.js';
import type { NfeRetencaoIcmsTransporte } from '../types-transporte.js';
import { checkDecimal, MONEY, PERCENT } from '../validate/decimal-field.js';
import { CFOP, digits } from '../validate/digits.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern } from '../validate/text.js';

const PATH: IssuePath = ['transporte', 'retencao_icms'];

/** `<retTransp>`: vServ vBCRet pICMSRet vICMSRet CFOP cMunFG, all required. */
export function renderRetTransp(issues: IssueList, r: NfeRetencaoIcmsTransporte): string {
  const vServ = checkDecimal(issues, PATH, 'valor_servico', r.valor_servico, MONEY);
  const vBCRet = checkDecimal(issues, PATH, 'base_calc', r.base_calc, MONEY);
  const pICMSRet = checkDecimal(issues, PATH, 'aliquota', r.aliquota, PERCENT);
  const vICMSRet = checkDecimal(issues, PATH, 'valor', r.valor, MONEY);
  const cfop = checkPattern(issues, PATH, 'cfop', r.cfop, CFOP, '4 digits (CFOP)');
  const cMunFG = checkPattern(
    issues,
    PATH,
    'municipio_ibge_code',
    r.municipio_ibge_code,
    digits(7),
    '7 digits (IBGE city code)',
  );
  return (
    `<retTransp><vServ>${vServ ?? ''}</vServ><vBCRet>${vBCRet ?? ''}</vBCRet><pICMSRet>${pICMSRet ?? ''}</pICMSRet>` +
    `<vICMSRet>${vICMSRet ?? ''}</vICMSRet><CFOP>${cfop ?? ''}</CFOP><cMunFG>${cMunFG ?? ''}</cMunFG></retTransp>`
  );
}
