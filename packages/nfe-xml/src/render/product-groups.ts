import type { NfeItem } from '../types.js';
import type { NfePedidoCompra } from '../types-item.js';
import type { NfeDocumentoReferenciado } from '../types-references.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkPattern, checkText, given } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import { renderExportDetails } from './export-detail.js';
import { renderFuel } from './fuel.js';
import { renderImportDeclarations } from './import-declaration.js';
import { itemPath } from './item-paths.js';
import { renderMedicine } from './medicine.js';
import { renderFci, renderPackaging, renderRecopi, renderWeapons } from './product-extras.js';
import { renderBatches } from './traceability.js';
import { renderVehicle } from './vehicle.js';

const ORDER_ITEM = /^[0-9]{1,6}$/;
const THREE = 51;
const SEVEN = 55;
/** Import CFOPs that need no DI (I08-110, 525): returns and re-imports. */
const IMPORT_WITHOUT_DI: ReadonlySet<string> = new Set(['3201', '3202', '3503', '3553']);
/** CFOPs of an indirect export (I52-10, 340): they carry detExport/exportInd. */
const INDIRECT_EXPORT: ReadonlySet<string> = new Set(['3503', '7501']);
/** The layout's choice of one specific product, in its order: veicProd, med, arma, comb, nRECOPI. */
const SPECIFIC = ['veiculo', 'medicamento', 'armas', 'combustivel', 'numero_recopi'] as const;

/** What the item's groups need from the document. */
export interface ProductGroupsContext {
  readonly issues: IssueList;
  /** ide/finNFe. */
  readonly finNFe?: string;
  /** ide/NFref as requested: an indirect export names an NF-e referenced there (345). */
  readonly references?: readonly NfeDocumentoReferenciado[] | null;
  /** The document has an `entrega` place (a new vehicle billed directly needs one, 478). */
  readonly hasDelivery?: boolean;
}

function renderOrder(issues: IssueList, index: number, order: NfePedidoCompra): string {
  const path = [...itemPath(index), 'pedido_compra'];
  const xPed = checkText(issues, path, 'numero', order.numero, { min: 1, max: 15 });
  const nItemPed = given(order.item)
    ? checkPattern(issues, path, 'item', order.item, ORDER_ITEM, '1–6 digits (nItemPed)')
    : undefined;
  return `<xPed>${escapeText(xPed ?? '')}</xPed>${nItemPed ? `<nItemPed>${nItemPed}</nItemPed>` : ''}`;
}

/** The rules that tie an import or export CFOP to the item's foreign-trade groups. */
function checkForeignTradeCfop(
  ctx: ProductGroupsContext,
  index: number,
  item: NfeItem,
  cfop: string,
): void {
  if (cfop.charCodeAt(0) === THREE && !IMPORT_WITHOUT_DI.has(cfop) && !given(item.importacao))
    ruleIssue(
      ctx.issues,
      [...itemPath(index), 'importacao'],
      { code: 525, text: 'CFOP de Importação e não informado dados da DI' },
      `an import CFOP (${cfop}) needs the import declaration (DI)`,
    );
  if (
    INDIRECT_EXPORT.has(cfop) &&
    ctx.finNFe !== '2' &&
    !(Array.isArray(item.exportacao) && item.exportacao.some((d) => given(d?.exportacao_indireta)))
  )
    ruleIssue(
      ctx.issues,
      [...itemPath(index), 'exportacao'],
      { code: 340, text: 'Não informado o grupo de exportação indireta no item' },
      `CFOP ${cfop} needs an indirect export (exportacao[].exportacao_indireta)`,
    );
}

/**
 * What follows indTot in `<prod>`, in the layout's order: DI*, detExport*, xPed?, nItemPed?,
 * nFCI?, rastro*, infProdEmb?, then one of veicProd, med, arma, comb, nRECOPI. A plain item (none given, not an import or export
 * CFOP) costs a few presence checks.
 */
export function renderProductGroups(
  ctx: ProductGroupsContext,
  index: number,
  item: NfeItem,
  cfop: string | undefined,
  quantity: string | undefined,
): string {
  const foreignCfop =
    cfop !== undefined && (cfop.charCodeAt(0) === THREE || cfop.charCodeAt(0) === SEVEN);
  if (
    !foreignCfop &&
    !given(item.importacao) &&
    !given(item.exportacao) &&
    !given(item.pedido_compra) &&
    !given(item.rastreabilidade) &&
    !given(item.veiculo) &&
    !given(item.medicamento) &&
    !given(item.combustivel) &&
    !given(item.numero_fci) &&
    !given(item.embalagem) &&
    !given(item.armas) &&
    !given(item.numero_recopi)
  )
    return '';
  const { issues } = ctx;
  const path = itemPath(index);
  if (foreignCfop) checkForeignTradeCfop(ctx, index, item, cfop);
  let xml = '';
  if (given(item.importacao)) xml += renderImportDeclarations(issues, path, item.importacao);
  if (given(item.exportacao))
    xml += renderExportDetails(issues, path, item.exportacao, quantity, ctx.references);
  if (given(item.pedido_compra)) xml += renderOrder(issues, index, item.pedido_compra);
  if (given(item.numero_fci)) xml += renderFci(issues, path, item.numero_fci);
  if (given(item.rastreabilidade)) xml += renderBatches(issues, path, item.rastreabilidade);
  if (given(item.embalagem)) xml += renderPackaging(issues, path, item.embalagem);
  const specific = SPECIFIC.filter((key) => given(item[key]));
  for (const key of specific.slice(1))
    issues.at(
      path,
      key,
      'product_group_conflict',
      `Give only one of veiculo, medicamento, armas, combustivel and numero_recopi (prod holds one specific product group); ${specific[0]} is given`,
    );
  if (given(item.veiculo))
    xml += renderVehicle(issues, path, item.veiculo, ctx.hasDelivery === true);
  else if (given(item.medicamento)) {
    if (!given(item.rastreabilidade))
      ruleIssue(
        issues,
        [...path, 'rastreabilidade'],
        {
          code: 873,
          text: 'Operação com medicamentos e não informado os campos de rastreabilidade',
        },
        'a medicine (medicamento) needs its batches (rastreabilidade)',
      );
    xml += renderMedicine(issues, path, item.medicamento);
  } else if (given(item.armas)) xml += renderWeapons(issues, path, item.armas);
  else if (given(item.combustivel)) xml += renderFuel(issues, path, item.combustivel);
  else if (given(item.numero_recopi)) xml += renderRecopi(issues, path, item.numero_recopi);
  return xml;
}
