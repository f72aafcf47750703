import type { NfeItem } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { given } from '../validate/text.js';

/** What the rules of DFeReferenciado read of the document. */
export interface ItemReferenceContext {
  /** ide/finNFe. */
  readonly finNFe: string;
  /** ide/tpNFDebito, on a debit note. */
  readonly tpNFDebito?: string;
  /** Whether the document references documents at its level (ide/NFref). */
  readonly documentReferences: boolean;
}

const BOTH_LEVELS: Rejection = {
  code: 1010,
  text: 'NF-e com referenciamento de documento a nível de nota e a nível de item',
};
const ON_CREDIT_NOTE: Rejection = {
  code: 1042,
  text: 'NF-e com referenciamento a nível de item informado indevidamente',
};
const REFERENCE_MISSING: Rejection = { code: 1038, text: 'DFeReferenciado não informado' };
const RETURN_ITEM_MISSING: Rejection = {
  code: 1102,
  text: 'NF-e de devolução de mercadoria com referenciamento a nível de item exige referenciamento do item da NF-e original',
};
const DUPLICATE: Rejection = { code: 1072, text: 'DFe/Item referenciado em duplicidade' };
const SEVERAL_DOCUMENTS: Rejection = {
  code: 1130,
  text: 'Mais de um documento fiscal referenciado',
};
const ITEM_NOT_ALLOWED: Rejection = {
  code: 1039,
  text: 'nItem do DFeReferenciado informado indevidamente',
};
const ITEM_MISSING: Rejection = { code: 1048, text: 'nItem do DFeReferenciado não informado' };

/**
 * The rules SEFAZ checks on the items' DFeReferenciado (NT 2025.002, VC02/VC03): not together with
 * ide/NFref (1010) nor on a credit note (1042); every item of a debit note of tpNFDebito 03 or 04
 * refers to one (1038), with nItem on 04 (1048) and without it on 03 (1039); an item of a return
 * names the item it gives back (1102); no document and item twice (1072); one document in all
 * (1130), except on a return or a debit note of tpNFDebito 03.
 */
export function checkItemReferences(
  issues: IssueList,
  itens: readonly NfeItem[],
  ctx: ItemReferenceContext,
): void {
  const debitType = ctx.finNFe === '6' ? ctx.tpNFDebito : undefined;
  const debitNeedsReference = debitType === '03' || debitType === '04';
  const seen = new Set<string>();
  let firstChave: string | undefined;
  for (let i = 0; i < itens.length; i++) {
    const ref = itens[i]?.documento_referenciado;
    const path = ['itens', i, 'documento_referenciado'];
    if (!given(ref)) {
      if (debitNeedsReference)
        ruleIssue(
          issues,
          path,
          REFERENCE_MISSING,
          `every item of a debit note of tp_nf_debito ${debitType} refers to the item it charges (documento_referenciado)`,
        );
      continue;
    }
    if (ctx.documentReferences)
      ruleIssue(
        issues,
        path,
        BOTH_LEVELS,
        'reference documents either in documentos_referenciados or in the items, not both',
      );
    if (ctx.finNFe === '5')
      ruleIssue(issues, path, ON_CREDIT_NOTE, 'a credit note (fin_nfe 5) refers to no item');
    const hasItem = given(ref.item);
    if (ctx.finNFe === '4' && !hasItem)
      ruleIssue(
        issues,
        [...path, 'item'],
        RETURN_ITEM_MISSING,
        'an item of a return names the item of the original NF-e it gives back',
      );
    if (debitType === '03' && hasItem)
      ruleIssue(
        issues,
        [...path, 'item'],
        ITEM_NOT_ALLOWED,
        'a debit note of tp_nf_debito 03 refers to whole documents: leave item out',
      );
    if (debitType === '04' && !hasItem)
      ruleIssue(
        issues,
        [...path, 'item'],
        ITEM_MISSING,
        'a debit note of tp_nf_debito 04 (multa e juros) names the item it charges',
      );
    if (typeof ref.chave_acesso !== 'string') continue;
    const identity = `${ref.chave_acesso}|${hasItem ? String(ref.item) : ''}`;
    if (seen.has(identity))
      ruleIssue(issues, path, DUPLICATE, 'the same document and item are referenced twice');
    seen.add(identity);
    firstChave ??= ref.chave_acesso;
    if (ref.chave_acesso !== firstChave && ctx.finNFe !== '4' && debitType !== '03')
      ruleIssue(
        issues,
        [...path, 'chave_acesso'],
        SEVERAL_DOCUMENTS,
        `the items refer to one document; an earlier item refers to ${firstChave}`,
      );
  }
}
