import type { IssuePath } from '../errors.js';
import type { NfeAdicaoImportacao, NfeDeclaracaoImportacao } from '../types-item.js';
import { checkDecimal, MONEY } from '../validate/decimal-field.js';
import { digits } from '../validate/digits.js';
import { isZeroText, OPTIONAL_MONEY } from '../validate/item-decimal-kinds.js';
import type { IssueList } from '../validate/issues.js';
import { checkLayoutDate } from '../validate/layout-date.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { checkCpfWithDigits } from '../validate/cpf-with-digits.js';
import { checkValidCnpj } from '../validate/tax-ids.js';
import { checkLiteral, checkPattern, checkText, given, type TextRule } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import { checkUf } from './address.js';
import { checkList } from './item-lists.js';

/** DI{0..100}, adi{1..999} (leiauteNFe_v4.00.xsd, det/prod/DI). */
const MAX_DECLARATIONS = 100;
const MAX_ADDITIONS = 999;
const NUMBER: TextRule = { min: 1, max: 15 };
const CODE_60: TextRule = { min: 1, max: 60 };
const DRAWBACK_TEXT: TextRule = { min: 1, max: 20 };
const VIAS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13'] as const;
const INTERMEDIO = ['1', '2', '3'] as const;
const ADDITION_NUMBER = /^[1-9][0-9]{0,2}$/;
const ADDITION_SEQUENCE = /^[1-9][0-9]{0,4}$/;
/** The drawback concession act: AANNNNNND (isenção) or AAAANNNNNND (suspensão). */
export const DRAWBACK = digits(9, 11);

/**
 * nDraw: TString 1–20, and the 9 or 11 digits of a concession act (`rejection`: 335 on an
 * import, 339 on an export).
 */
export function checkDrawback(
  issues: IssueList,
  parent: IssuePath,
  value: unknown,
  rejection: Rejection,
): string | undefined {
  const text = checkText(issues, parent, 'numero_drawback', value, DRAWBACK_TEXT);
  if (text === undefined) return undefined;
  if (!DRAWBACK.test(text)) {
    ruleIssue(
      issues,
      [...parent, 'numero_drawback'],
      rejection,
      'the drawback concession act has 9 digits (AANNNNNND, isenção) or 11 (AAAANNNNNND, suspensão)',
    );
    return undefined;
  }
  return text;
}

function renderAddition(issues: IssueList, path: IssuePath, adi: NfeAdicaoImportacao): string {
  const nAdicao = given(adi.numero)
    ? checkPattern(issues, path, 'numero', adi.numero, ADDITION_NUMBER, '1–999 (nAdicao)')
    : undefined;
  const nSeqAdic = checkPattern(
    issues,
    path,
    'sequencial',
    adi.sequencial,
    ADDITION_SEQUENCE,
    '1–99999 (nSeqAdic)',
  );
  const cFabricante = checkText(issues, path, 'codigo_fabricante', adi.codigo_fabricante, CODE_60);
  const vDescDI = given(adi.valor_desconto)
    ? checkDecimal(issues, path, 'valor_desconto', adi.valor_desconto, OPTIONAL_MONEY)
    : undefined;
  const nDraw = given(adi.numero_drawback)
    ? checkDrawback(issues, path, adi.numero_drawback, {
        code: 335,
        text: 'Número do processo de drawback na importação inválido',
      })
    : undefined;
  return (
    '<adi>' +
    (nAdicao ? `<nAdicao>${nAdicao}</nAdicao>` : '') +
    `<nSeqAdic>${nSeqAdic ?? ''}</nSeqAdic>` +
    `<cFabricante>${escapeText(cFabricante ?? '')}</cFabricante>` +
    (vDescDI && !isZeroText(vDescDI) ? `<vDescDI>${vDescDI}</vDescDI>` : '') +
    (nDraw ? `<nDraw>${nDraw}</nDraw>` : '') +
    '</adi>'
  );
}

function renderDeclaration(
  issues: IssueList,
  path: IssuePath,
  di: NfeDeclaracaoImportacao,
): string {
  const nDI = checkText(issues, path, 'numero', di.numero, NUMBER);
  const dDI = checkLayoutDate(issues, path, 'data_registro', di.data_registro);
  const xLocDesemb = checkText(issues, path, 'local_desembaraco', di.local_desembaraco, CODE_60);
  const ufDesemb = checkUf(issues, path, 'uf_desembaraco', di.uf_desembaraco);
  const dDesemb = checkLayoutDate(issues, path, 'data_desembaraco', di.data_desembaraco);
  const via = checkLiteral(issues, path, 'via_transporte', di.via_transporte, VIAS);
  const vAFRMM = given(di.valor_afrmm)
    ? checkDecimal(issues, path, 'valor_afrmm', di.valor_afrmm, MONEY)
    : undefined;
  if (via === '1' && !given(di.valor_afrmm))
    ruleIssue(
      issues,
      [...path, 'valor_afrmm'],
      { code: 330, text: 'Informar o Valor da AFRMM na importação por via marítima' },
      'an import by sea (via_transporte 1) states the AFRMM (vAFRMM)',
    );
  const intermedio = checkLiteral(
    issues,
    path,
    'forma_intermedio',
    di.forma_intermedio,
    INTERMEDIO,
  );
  let buyer = '';
  if (given(di.cnpj) && given(di.cpf)) {
    issues.at(path, 'cpf', 'cnpj_and_cpf', 'Give either cnpj or cpf, not both');
  } else if (given(di.cnpj)) {
    const cnpj = checkValidCnpj(issues, path, 'cnpj', di.cnpj, {
      code: 332,
      text: 'CNPJ do adquirente ou do encomendante da importação inválido',
    });
    if (cnpj) buyer = `<CNPJ>${cnpj}</CNPJ>`;
  } else if (given(di.cpf)) {
    // 332 is the CNPJ's (I23d-20): a CPF with wrong digits has no rejection of its own.
    const cpf = checkCpfWithDigits(issues, path, 'cpf', di.cpf);
    if (cpf) buyer = `<CPF>${cpf}</CPF>`;
  }
  const onBehalf = intermedio === '2' || intermedio === '3';
  if (onBehalf && !given(di.cnpj) && !given(di.cpf))
    ruleIssue(
      issues,
      [...path, 'cnpj'],
      {
        code: 331,
        text: 'Informar o CNPJ do adquirente ou do encomendante nesta forma de importação',
      },
      'an import on behalf of a buyer or to order (forma_intermedio 2 or 3) names that buyer (CNPJ or CPF)',
    );
  const ufTerceiro = given(di.uf_terceiro)
    ? checkUf(issues, path, 'uf_terceiro', di.uf_terceiro)
    : undefined;
  if (onBehalf && !given(di.uf_terceiro))
    ruleIssue(
      issues,
      [...path, 'uf_terceiro'],
      {
        code: 333,
        text: 'Informar a UF do adquirente ou do encomendante nesta forma de importação',
      },
      "an import on behalf of a buyer or to order (forma_intermedio 2 or 3) names the buyer's state (UFTerceiro)",
    );
  const cExportador = checkText(issues, path, 'codigo_exportador', di.codigo_exportador, CODE_60);
  const additions = checkList(issues, path, 'adicoes', di.adicoes, 1, MAX_ADDITIONS);
  let adi = '';
  for (let i = 0; i < additions.length; i++)
    adi += renderAddition(issues, [...path, 'adicoes', i], additions[i] as NfeAdicaoImportacao);
  return (
    `<DI><nDI>${escapeText(nDI ?? '')}</nDI><dDI>${dDI ?? ''}</dDI>` +
    `<xLocDesemb>${escapeText(xLocDesemb ?? '')}</xLocDesemb><UFDesemb>${ufDesemb ?? ''}</UFDesemb>` +
    `<dDesemb>${dDesemb ?? ''}</dDesemb><tpViaTransp>${via ?? ''}</tpViaTransp>` +
    (vAFRMM !== undefined ? `<vAFRMM>${vAFRMM}</vAFRMM>` : '') +
    `<tpIntermedio>${intermedio ?? ''}</tpIntermedio>${buyer}` +
    (ufTerceiro ? `<UFTerceiro>${ufTerceiro}</UFTerceiro>` : '') +
    `<cExportador>${escapeText(cExportador ?? '')}</cExportador>${adi}</DI>`
  );
}

/** `<DI>`…: the item's import declarations, each with its additions, in the layout's order. */
export function renderImportDeclarations(
  issues: IssueList,
  itemPath: IssuePath,
  declarations: unknown,
): string {
  const list = checkList(issues, itemPath, 'importacao', declarations, 1, MAX_DECLARATIONS);
  let xml = '';
  for (let i = 0; i < list.length; i++)
    xml += renderDeclaration(
      issues,
      [...itemPath, 'importacao', i],
      list[i] as NfeDeclaracaoImportacao,
    );
  return xml;
}
