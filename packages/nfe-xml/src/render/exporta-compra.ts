import type { NfeCompra, NfeExportacao } from '../types-additional.js';
import type { IssueList } from '../validate/issues.js';
import { checkText, given } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import { checkUf } from './address.js';

/** `<exporta>`: UFSaidaPais xLocExporta xLocDespacho?; absent, nothing. */
export function renderExporta(issues: IssueList, e: NfeExportacao | null | undefined): string {
  if (!given(e)) return '';
  const path = ['exportacao'];
  const uf = checkUf(issues, path, 'uf_embarque', e.uf_embarque);
  const local = checkText(issues, path, 'local_embarque', e.local_embarque, { min: 1, max: 60 });
  const despacho = given(e.local_despacho)
    ? checkText(issues, path, 'local_despacho', e.local_despacho, { min: 1, max: 60 })
    : undefined;
  return (
    `<exporta><UFSaidaPais>${uf ?? ''}</UFSaidaPais><xLocExporta>${escapeText(local ?? '')}</xLocExporta>` +
    `${despacho ? `<xLocDespacho>${escapeText(despacho)}</xLocDespacho>` : ''}</exporta>`
  );
}

/** `<compra>`: xNEmp? xPed? xCont?; absent or empty, nothing. */
export function renderCompra(issues: IssueList, c: NfeCompra | null | undefined): string {
  if (!given(c)) return '';
  const path = ['compra'];
  const field = (key: keyof NfeCompra, tag: string, max: number): string => {
    const value = c[key];
    if (!given(value)) return '';
    const text = checkText(issues, path, key, value, { min: 1, max });
    return text ? `<${tag}>${escapeText(text)}</${tag}>` : '';
  };
  const xml =
    field('nota_empenho', 'xNEmp', 22) +
    field('pedido', 'xPed', 60) +
    field('contrato', 'xCont', 60);
  return xml === '' ? '' : `<compra>${xml}</compra>`;
}
