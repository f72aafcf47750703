import type { IssuePath } from '../errors.js';
import type { NfeItem } from '../types.js';
import type { NfeCreditoPresumidoIcms } from '../types-product-details.js';
import { checkDecimal, MONEY, PERCENT } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkValidCnpj } from '../validate/tax-ids.js';
import { checkLiteral, checkPattern, checkText, given, type TextRule } from '../validate/text.js';
import { element } from '../xml-escape.js';
import { checkList } from './item-lists.js';

const BARCODE: TextRule = { min: 3, max: 30 };
const NVE = /^[A-Z]{2}[0-9]{4}$/;
const MAX_NVE = 8;
const SCALE = ['S', 'N'] as const;
/** gCred{0..4}; cCredPresumido is 8 or 10 characters of `[!-ÿ]`. */
const MAX_CREDITS = 4;
const CREDIT_CODE = /^([\x21-\x7E\xA0-\xFF]{8}|[\x21-\x7E\xA0-\xFF]{10})$/;
const ZFM_CLASSES = ['0', '1', '2', '3', '4'] as const;
/** The states of the free-trade areas where the ZFM sub-ledger applies (I05k-20). */
const ZFM_STATES: ReadonlySet<string> = new Set(['AC', 'AM', 'RO', 'RR']);
/** In Amapá only Macapá and Santana are free-trade areas. */
const ZFM_AMAPA_CITIES: ReadonlySet<string> = new Set(['1600303', '1600600']);

/** What the product codes need of the document. */
export interface ProductCodesContext {
  readonly issues: IssueList;
  /** The emitter's state and IBGE city (tpCredPresIBSZFM is for the free-trade areas). */
  readonly emitterPlace?: { readonly uf: string; readonly city: string };
}

/** The pieces of `<prod>` the codes below fill, each '' when not given. */
export interface ProductCodes {
  /** cBarra, after cEAN. */
  readonly cBarra: string;
  /** NVE{0..8}, after NCM. */
  readonly nve: string;
  /** indEscala? CNPJFab?, after CEST. */
  readonly scale: string;
  /** gCred{0..4} tpCredPresIBSZFM?, after cBenef. */
  readonly credits: string;
  /** cBarraTrib, after cEANTrib. */
  readonly cBarraTrib: string;
  /** indBemMovelUsado, after indTot. */
  readonly usedGood: string;
}

export const NO_PRODUCT_CODES: ProductCodes = {
  cBarra: '',
  nve: '',
  scale: '',
  credits: '',
  cBarraTrib: '',
  usedGood: '',
};

/** Whether the item has any of the codes (the plain item has none). */
export function hasProductCodes(item: NfeItem): boolean {
  return (
    given(item.codigo_barras) ||
    given(item.codigo_barras_tributavel) ||
    given(item.nve) ||
    given(item.escala_relevante) ||
    given(item.cnpj_fabricante) ||
    given(item.creditos_presumidos_icms) ||
    given(item.tipo_credito_presumido_zfm) ||
    given(item.bem_movel_usado)
  );
}

function barcode(issues: IssueList, path: IssuePath, key: string, value: unknown, tag: string) {
  if (!given(value)) return '';
  return element(tag, checkText(issues, path, key, value, BARCODE) ?? '');
}

function renderNve(issues: IssueList, path: IssuePath, value: unknown): string {
  if (!given(value)) return '';
  if (!Array.isArray(value)) {
    issues.at(path, 'nve', 'list_type', 'Input should be a valid list');
    return '';
  }
  if (value.length === 0) issues.at(path, 'nve', 'too_short', 'List should have at least 1 item');
  if (value.length > MAX_NVE)
    issues.at(path, 'nve', 'too_long', `List should have at most ${MAX_NVE} items (NVE)`);
  let xml = '';
  for (let i = 0; i < value.length; i++) {
    const code = checkPattern(
      issues,
      [...path, 'nve'],
      i,
      value[i],
      NVE,
      'two capital letters and four digits (NVE)',
    );
    xml += `<NVE>${code ?? ''}</NVE>`;
  }
  return xml;
}

/**
 * indEscala and CNPJFab belong to the CEST's sequence: without a CEST they have no place. An item
 * made at a scale that is not relevant names its manufacturer (I05e-10, 879), whose CNPJ must be a
 * real one (I05e-20, 489).
 */
function renderScale(issues: IssueList, path: IssuePath, item: NfeItem, hasCest: boolean): string {
  const scaleGiven = given(item.escala_relevante);
  const makerGiven = given(item.cnpj_fabricante);
  if (!scaleGiven && !makerGiven) return '';
  if (!hasCest) {
    issues.at(
      path,
      scaleGiven ? 'escala_relevante' : 'cnpj_fabricante',
      'cest_required',
      'escala_relevante and cnpj_fabricante follow the CEST in the layout: give the item its cest',
    );
    return '';
  }
  const scale = scaleGiven
    ? checkLiteral(issues, path, 'escala_relevante', item.escala_relevante, SCALE)
    : undefined;
  const maker = makerGiven
    ? checkValidCnpj(issues, path, 'cnpj_fabricante', item.cnpj_fabricante, {
        code: 489,
        text: 'CNPJ informado inválido (DV ou zeros)',
      })
    : undefined;
  if (scale === 'N' && !makerGiven)
    ruleIssue(
      issues,
      [...path, 'cnpj_fabricante'],
      {
        code: 879,
        text: 'Informado item “Produzido em Escala NÃO Relevante” e não informado CNPJ do Fabricante',
      },
      'an item not made at a relevant scale (escala_relevante N) names its manufacturer: give cnpj_fabricante',
    );
  return `${scale ? `<indEscala>${scale}</indEscala>` : ''}${maker ? `<CNPJFab>${maker}</CNPJFab>` : ''}`;
}

function renderCredits(issues: IssueList, path: IssuePath, credits: unknown): string {
  const list = checkList(issues, path, 'creditos_presumidos_icms', credits, 1, MAX_CREDITS);
  let xml = '';
  for (let i = 0; i < list.length; i++) {
    const at = [...path, 'creditos_presumidos_icms', i];
    const credit = list[i] as NfeCreditoPresumidoIcms;
    const code = checkPattern(
      issues,
      at,
      'codigo',
      credit.codigo,
      CREDIT_CODE,
      "8 or 10 characters: the state's benefit code (cCredPresumido)",
    );
    const percent = checkDecimal(issues, at, 'percentual', credit.percentual, PERCENT);
    const value = checkDecimal(issues, at, 'valor', credit.valor, MONEY);
    xml +=
      `<gCred>${element('cCredPresumido', code ?? '')}<pCredPresumido>${percent ?? ''}</pCredPresumido>` +
      `<vCredPresumido>${value ?? ''}</vCredPresumido></gCred>`;
  }
  return xml;
}

/** tpCredPresIBSZFM: only an emitter in a free-trade area (I05k-20, 1166). */
function renderZfmClass(ctx: ProductCodesContext, path: IssuePath, value: unknown): string {
  const zfm = checkLiteral(ctx.issues, path, 'tipo_credito_presumido_zfm', value, ZFM_CLASSES);
  const place = ctx.emitterPlace;
  if (
    zfm !== undefined &&
    place &&
    !ZFM_STATES.has(place.uf) &&
    !(place.uf === 'AP' && ZFM_AMAPA_CITIES.has(place.city))
  )
    ruleIssue(
      ctx.issues,
      [...path, 'tipo_credito_presumido_zfm'],
      {
        code: 1166,
        text: 'Classificação para subapuração do IBS na ZFM informado indevidamente',
      },
      'only an emitter in AC, AM, RO, RR or the free-trade areas of Amapá (Macapá, Santana) classifies its items for the ZFM',
    );
  return zfm === undefined ? '' : `<tpCredPresIBSZFM>${zfm}</tpCredPresIBSZFM>`;
}

/**
 * The item's codes beyond cEAN, NCM and CEST, each in its place in `<prod>`: cBarra, NVE,
 * indEscala/CNPJFab, gCred, tpCredPresIBSZFM, cBarraTrib and indBemMovelUsado. The last two of the
 * reforma tributária (tpCredPresIBSZFM, indBemMovelUsado) exist only in the PL_010b layout.
 */
export function renderProductCodes(
  ctx: ProductCodesContext,
  path: IssuePath,
  item: NfeItem,
  hasCest: boolean,
): ProductCodes {
  const { issues } = ctx;
  const usedGood = given(item.bem_movel_usado)
    ? checkLiteral(issues, path, 'bem_movel_usado', item.bem_movel_usado, ['1'])
    : undefined;
  return {
    cBarra: barcode(issues, path, 'codigo_barras', item.codigo_barras, 'cBarra'),
    nve: renderNve(issues, path, item.nve),
    scale: renderScale(issues, path, item, hasCest),
    credits:
      (given(item.creditos_presumidos_icms)
        ? renderCredits(issues, path, item.creditos_presumidos_icms)
        : '') +
      (given(item.tipo_credito_presumido_zfm)
        ? renderZfmClass(ctx, path, item.tipo_credito_presumido_zfm)
        : ''),
    cBarraTrib: barcode(
      issues,
      path,
      'codigo_barras_tributavel',
      item.codigo_barras_tributavel,
      'cBarraTrib',
    ),
    usedGood: usedGood ? `<indBemMovelUsado>${usedGood}</indBemMovelUsado>` : '',
  };
}
