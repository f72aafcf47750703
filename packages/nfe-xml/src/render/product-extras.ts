import type { IssuePath } from '../errors.js';
import type { NfeArma, NfeEmbalagem } from '../types-product-details.js';
import { checkDecimal } from '../validate/decimal-field.js';
import { LOT_QUANTITY } from '../validate/item-decimal-kinds.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkPattern, checkText, type TextRule } from '../validate/text.js';
import { element } from '../xml-escape.js';
import { checkList } from './item-lists.js';

/*
 * The item's groups of `<prod>` after its order: the FCI number (nFCI), the packaging (infProdEmb)
 * and two of the specific products, weapons (arma) and immune paper (nRECOPI).
 */

/** TGuid: the FCI number as SEFAZ issues it, upper-case hexadecimal. */
const GUID = /^[A-F0-9]{8}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{12}$/;
const PACKAGING_TEXT: TextRule = { min: 1, max: 8 };
/** arma{1..500}. */
const MAX_WEAPONS = 500;
const WEAPON_TYPES = ['0', '1'] as const;
const SERIAL: TextRule = { min: 1, max: 15 };
const WEAPON_DESCRIPTION: TextRule = { min: 1, max: 256 };
const RECOPI = /^[0-9]{20}$/;

/** `<nFCI>`: the import content sheet (Ficha de Conteúdo de Importação) of the goods. */
export function renderFci(issues: IssueList, path: IssuePath, value: unknown): string {
  const fci = checkPattern(
    issues,
    path,
    'numero_fci',
    value,
    GUID,
    'a GUID in upper case, e.g. B01F70AF-10BF-4B1F-848C-65FF57F616FE (nFCI)',
  );
  return `<nFCI>${fci ?? ''}</nFCI>`;
}

/** `<infProdEmb>`: xEmb qVolEmb uEmb. */
export function renderPackaging(issues: IssueList, itemPath: IssuePath, e: NfeEmbalagem): string {
  const path = [...itemPath, 'embalagem'];
  const xEmb = checkText(issues, path, 'descricao', e.descricao, PACKAGING_TEXT);
  const qVolEmb = checkDecimal(issues, path, 'quantidade', e.quantidade, LOT_QUANTITY);
  const uEmb = checkText(issues, path, 'unidade', e.unidade, PACKAGING_TEXT);
  return `<infProdEmb>${element('xEmb', xEmb ?? '')}<qVolEmb>${qVolEmb ?? ''}</qVolEmb>${element('uEmb', uEmb ?? '')}</infProdEmb>`;
}

/** `<arma>`…: tpArma nSerie nCano descr, one per weapon. */
export function renderWeapons(issues: IssueList, itemPath: IssuePath, weapons: unknown): string {
  const list = checkList(issues, itemPath, 'armas', weapons, 1, MAX_WEAPONS);
  let xml = '';
  for (let i = 0; i < list.length; i++) {
    const path = [...itemPath, 'armas', i];
    const w = list[i] as NfeArma;
    const tpArma = checkLiteral(issues, path, 'tipo', w.tipo, WEAPON_TYPES);
    const nSerie = checkText(issues, path, 'numero_serie', w.numero_serie, SERIAL);
    const nCano = checkText(issues, path, 'numero_cano', w.numero_cano, SERIAL);
    const descr = checkText(issues, path, 'descricao', w.descricao, WEAPON_DESCRIPTION);
    xml +=
      `<arma><tpArma>${tpArma ?? ''}</tpArma>${element('nSerie', nSerie ?? '')}` +
      `${element('nCano', nCano ?? '')}${element('descr', descr ?? '')}</arma>`;
  }
  return xml;
}

/** `<nRECOPI>`: the RECOPI registration of a sale of immune paper. */
export function renderRecopi(issues: IssueList, path: IssuePath, value: unknown): string {
  const recopi = checkPattern(issues, path, 'numero_recopi', value, RECOPI, '20 digits (nRECOPI)');
  return `<nRECOPI>${recopi ?? ''}</nRECOPI>`;
}
