import type { IssuePath } from '../errors.js';
import type { NfeObservacao } from '../types-additional.js';
import type { NfeItemReferenciado } from '../types-product-details.js';
import type { NfeItem } from '../types.js';
import { checkChaveWithDigit } from '../validate/chave-digit.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern, checkText, given } from '../validate/text.js';
import { escapeAttribute } from '../xml-attribute.js';
import { escapeText } from '../xml-escape.js';
import { checkFieldName } from './inf-adic.js';

/** nItem of another document: 1–990 (the pattern of DFeReferenciado/nItem). */
const ITEM_NUMBER = /^([1-9][0-9]?|[1-8][0-9]{2}|9[0-8][0-9]|990)$/;

/** The parts of `<det>` after infAdProd, each '' when not given. */
export interface ItemNotes {
  /** obsItem, before vItem. */
  readonly obsItem: string;
  /** DFeReferenciado, after vItem (PL_010b). */
  readonly reference: string;
}

export const NO_ITEM_NOTES: ItemNotes = { obsItem: '', reference: '' };

/** Whether the item has a note or a referenced item (the plain item has neither). */
export function hasItemNotes(item: NfeItem): boolean {
  return (
    given(item.observacao_contribuinte) ||
    given(item.observacao_fisco) ||
    given(item.documento_referenciado)
  );
}

function observation(
  issues: IssueList,
  itemPath: IssuePath,
  key: 'observacao_contribuinte' | 'observacao_fisco',
  tag: 'obsCont' | 'obsFisco',
  note: NfeObservacao | null | undefined,
): string {
  if (!given(note)) return '';
  const path = [...itemPath, key];
  const campo = checkFieldName(issues, path, note.campo);
  const texto = checkText(issues, path, 'texto', note.texto, { min: 1, max: 60 });
  return `<${tag} xCampo="${escapeAttribute(campo ?? '')}"><xTexto>${escapeText(texto ?? '')}</xTexto></${tag}>`;
}

/** `<DFeReferenciado>`: chaveAcesso nItem?; the chave's own check digit must hold. */
function referencedItem(issues: IssueList, itemPath: IssuePath, ref: NfeItemReferenciado): string {
  const path = [...itemPath, 'documento_referenciado'];
  const chave = checkChaveWithDigit(issues, path, 'chave_acesso', ref.chave_acesso);
  const nItem = given(ref.item)
    ? checkPattern(issues, path, 'item', ref.item, ITEM_NUMBER, 'an item number from 1 to 990')
    : undefined;
  return `<DFeReferenciado><chaveAcesso>${chave ?? ''}</chaveAcesso>${nItem ? `<nItem>${nItem}</nItem>` : ''}</DFeReferenciado>`;
}

/** det/obsItem (obsCont? obsFisco?) and det/DFeReferenciado of one item. */
export function renderItemNotes(issues: IssueList, itemPath: IssuePath, item: NfeItem): ItemNotes {
  const notes =
    observation(
      issues,
      itemPath,
      'observacao_contribuinte',
      'obsCont',
      item.observacao_contribuinte,
    ) + observation(issues, itemPath, 'observacao_fisco', 'obsFisco', item.observacao_fisco);
  return {
    obsItem: notes ? `<obsItem>${notes}</obsItem>` : '',
    reference: given(item.documento_referenciado)
      ? referencedItem(issues, itemPath, item.documento_referenciado)
      : '',
  };
}
