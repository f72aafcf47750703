import type { NfeRequest } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { renderAutXml } from './aut-xml.js';
import type { RenderedDest } from './dest.js';
import { renderCompra, renderExporta } from './exporta-compra.js';
import { checkForeignOperation } from './foreign-operation.js';
import type { IdeFragments } from './ide.js';
import { renderInfAdic } from './inf-adic.js';
import { renderIntermediador } from './intermediador.js';
import { renderLocal } from './local.js';
import { checkOperationDirection } from './operation-direction.js';
import { checkReferencePurpose } from './reference-purpose.js';

/*
 * The document-level groups around the items, each absent (and free) unless the request gives it.
 * Their element order is the layout's: ide emit dest [retirada entrega autXML] det… total transp
 * cobr pag [infIntermed infAdic exporta compra] infRespTec.
 */

/**
 * retirada? entrega? autXML{0..10}, after dest; and the rules that tie ide to the parties and the
 * items (an operation abroad and its recipient, tpNF and the items' CFOPs, the referenced
 * documents and the document's purpose).
 */
export function renderHeaderGroups(
  issues: IssueList,
  r: NfeRequest,
  ide: IdeFragments,
  recipient: RenderedDest | undefined,
  itemCount: number,
): string {
  checkForeignOperation(issues, r, ide, recipient);
  checkOperationDirection(issues, ide.tpNF, r.itens, itemCount);
  checkReferencePurpose(issues, r, ide);
  return (
    renderLocal(issues, 'retirada', r.retirada) +
    renderLocal(issues, 'entrega', r.entrega) +
    renderAutXml(issues, r.autorizados_xml, recipient)
  );
}

/** infIntermed? infAdic? exporta? compra?, after pag. */
export function renderClosingGroups(issues: IssueList, r: NfeRequest, ide: IdeFragments): string {
  return (
    renderIntermediador(issues, r, ide) +
    renderInfAdic(issues, r.informacoes_adicionais) +
    renderExporta(issues, r.exportacao) +
    renderCompra(issues, r.compra)
  );
}
