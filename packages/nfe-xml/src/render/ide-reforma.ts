import { localDateTime } from '../datetime.js';
import type { NfeRequest } from '../types.js';
import type { UfInfo } from '../ufs.js';
import { checkChaveWithDigit } from '../validate/chave-digit.js';
import { digits } from '../validate/digits.js';
import type { IssueList } from '../validate/issues.js';
import { checkLayoutDate } from '../validate/layout-date.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkPattern, given } from '../validate/text.js';

/*
 * The fields the reforma tributária layout (PL_010b, NT 2025.002) adds to ide outside the tax
 * groups: the expected delivery date (dPrevEntrega), the IBS/CBS city of a sale made outside the
 * establishment (cMunFGIBS) and the NF-e of advance payments the document settles (gPagAntecipado).
 */

const DELIVERY_KEY = 'data_previsao_entrega';
const CITY_KEY = 'municipio_fato_gerador_ibs';
const PREPAID_KEY = 'pagamentos_antecipados';
/** gPagAntecipado/refNFe{1..99}. */
const MAX_PREPAID = 99;
/** Freight modes of goods the recipient fetches, or no transport: no delivery date (B10a-50). */
const NO_DELIVERY_FREIGHT: ReadonlySet<string> = new Set(['1', '4', '9']);

const WRONG_PURPOSE: Rejection = {
  code: 1156,
  text: 'Data de previsão de entrega não permitida para a finalidade de emissão informada',
};
const WRONG_FREIGHT: Rejection = {
  code: 1157,
  text: 'Data de previsão de entrega não permitida para a modalidade de frete informada',
};
const TOO_EARLY: Rejection = {
  code: 1155,
  text: 'Data de previsão de entrega anterior ao permitido',
};
const TOO_LATE: Rejection = {
  code: 1154,
  text: 'Data de previsão de entrega posterior ao permitido',
};

/**
 * `<dPrevEntrega>`: a date, on a normal NF-e or a return only (B10a-40, 1156), and only when the
 * goods are carried to the recipient (modFrete 0, 2 or 3; B10a-50, 1157). Returns the XML and the
 * date for `checkDeliveryForecastDate`.
 */
export function renderDeliveryForecast(
  issues: IssueList,
  r: Pick<NfeRequest, 'data_previsao_entrega' | 'transporte'>,
  finNFe: string,
): { xml: string; date?: string } {
  if (!given(r.data_previsao_entrega)) return { xml: '' };
  const date = checkLayoutDate(issues, [], DELIVERY_KEY, r.data_previsao_entrega);
  if (finNFe !== '1' && finNFe !== '4')
    ruleIssue(
      issues,
      [DELIVERY_KEY],
      WRONG_PURPOSE,
      `only a normal NF-e (fin_nfe 1) or a return (4) states a delivery date; fin_nfe is ${finNFe}`,
    );
  const freight = given(r.transporte) ? r.transporte.modalidade_frete : '9';
  if (NO_DELIVERY_FREIGHT.has(freight))
    ruleIssue(
      issues,
      [DELIVERY_KEY],
      WRONG_FREIGHT,
      `goods the recipient fetches, or no transport (transporte.modalidade_frete ${freight}${given(r.transporte) ? '' : ', the default'}), have no delivery date`,
    );
  return date === undefined ? { xml: '' } : { xml: `<dPrevEntrega>${date}</dPrevEntrega>`, date };
}

/** The same day `months` later; past the month's last day, that last day. */
function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = month % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const mm = String(targetMonth + 1).padStart(2, '0');
  const dd = String(Math.min(day, lastDay)).padStart(2, '0');
  return `${targetYear}-${mm}-${dd}`;
}

/** dhSaiEnt's day in the emitter's state: what dPrevEntrega is measured from when it is given. */
export function exitDay(
  exitInstant: number | undefined,
  uf: UfInfo | undefined,
): string | undefined {
  return exitInstant !== undefined && uf
    ? localDateTime(new Date(exitInstant), uf).text.slice(0, 10)
    : undefined;
}

/**
 * dPrevEntrega lies from the reference day (dhSaiEnt's, else dhEmi's) to three months after it:
 * not before (B10a-30, 1155), not after (B10a-20, 1154).
 */
export function checkDeliveryForecastDate(
  issues: IssueList,
  date: string | undefined,
  reference: string | undefined,
): void {
  if (date === undefined || reference === undefined) return;
  if (date < reference)
    ruleIssue(
      issues,
      [DELIVERY_KEY],
      TOO_EARLY,
      `the delivery date ${date} is before the day the goods leave (${reference})`,
    );
  const limit = addMonths(reference, 3);
  if (date > limit)
    ruleIssue(
      issues,
      [DELIVERY_KEY],
      TOO_LATE,
      `the delivery date ${date} is more than three months after the day the goods leave (${reference}); the latest is ${limit}`,
    );
}

/**
 * `<cMunFGIBS>`: the city where the IBS/CBS of a sale outside the establishment falls, written
 * only for such a sale (ind_pres 5) with no recipient address and no delivery place, as the
 * layout says.
 */
export function renderIbsCity(
  issues: IssueList,
  r: Pick<NfeRequest, 'municipio_fato_gerador_ibs' | 'ind_pres' | 'destinatario' | 'entrega'>,
): string {
  if (!given(r.municipio_fato_gerador_ibs)) return '';
  const city = checkPattern(
    issues,
    [],
    CITY_KEY,
    r.municipio_fato_gerador_ibs,
    digits(7),
    '7 digits (IBGE city code)',
  );
  const hasAddress = given(r.destinatario?.address_street) || given(r.entrega);
  if ((r.ind_pres ?? '1') !== '5' || hasAddress)
    issues.add(
      [CITY_KEY],
      'field_not_applicable',
      'ide/cMunFGIBS is given only for a sale in person outside the establishment (ind_pres 5) with no recipient address and no entrega',
    );
  return `<cMunFGIBS>${city ?? ''}</cMunFGIBS>`;
}

/** `<gPagAntecipado>`: refNFe{1..99}, the NF-e (model 55) of the advance payments settled. */
export function renderAdvancePayments(
  issues: IssueList,
  r: Pick<NfeRequest, 'pagamentos_antecipados'>,
): string {
  const list = r.pagamentos_antecipados;
  if (!given(list)) return '';
  if (!Array.isArray(list)) {
    issues.add([PREPAID_KEY], 'list_type', 'Input should be a valid list');
    return '';
  }
  if (list.length === 0) issues.add([PREPAID_KEY], 'too_short', 'List should have at least 1 item');
  if (list.length > MAX_PREPAID)
    issues.add([PREPAID_KEY], 'too_long', `List should have at most ${MAX_PREPAID} items`);
  let xml = '';
  for (let i = 0; i < list.length; i++)
    xml += `<refNFe>${checkChaveWithDigit(issues, [PREPAID_KEY], i, list[i], ['55']) ?? ''}</refNFe>`;
  return xml ? `<gPagAntecipado>${xml}</gPagAntecipado>` : '';
}
