import {
  formatCep,
  formatDate,
  formatDocument,
  formatPhone,
  formatStreet,
  formatTime,
} from '../format/documents.js';
import { BLOCK_TITLE_HEIGHT, FIELD_HEIGHT, LEFT, WIDTH } from '../layout/geometry.js';
import type { DrawContext } from './context.js';

/** Height of "Destinatário/Remetente": title and three field rows. */
export const RECIPIENT_HEIGHT = BLOCK_TITLE_HEIGHT + 3 * FIELD_HEIGHT;

type Cell = readonly [title: string, value: string, width: number, bold?: boolean];

/** Draws one row of fields; a width of 0 takes what the others leave. */
export function fieldRow(ctx: DrawContext, y: number, cells: readonly Cell[]): number {
  const fixed = cells.reduce((sum, c) => sum + c[2], 0);
  const flexible = cells.filter((c) => c[2] === 0).length;
  const rest = flexible > 0 ? (WIDTH - fixed) / flexible : 0;
  let x = LEFT;
  for (const [title, value, width, bold] of cells) {
    const w = width === 0 ? rest : width;
    ctx.canvas.field(x, y, w, title, value, { bold });
    x += w;
  }
  return y + FIELD_HEIGHT;
}

/** "Destinatário/Remetente" (MOC §3.8.1, block 9): CNPJ/CPF and the exit date and hour in bold. */
export function drawRecipient(ctx: DrawContext, y: number): number {
  const { nfe } = ctx;
  const r = nfe.recipient;
  const a = r?.address ?? {};
  ctx.canvas.blockTitle('DESTINATÁRIO / REMETENTE', LEFT, y);
  let row = y + BLOCK_TITLE_HEIGHT;
  row = fieldRow(ctx, row, [
    ['NOME / RAZÃO SOCIAL', r?.name ?? '', 0],
    ['CNPJ / CPF', formatDocument(r?.document), 115, true],
    ['DATA DA EMISSÃO', formatDate(nfe.issuedAt), 80],
  ]);
  row = fieldRow(ctx, row, [
    ['ENDEREÇO', formatStreet(a), 0],
    ['BAIRRO / DISTRITO', a.district ?? '', 135],
    ['CEP', formatCep(a.cep), 60],
    ['DATA DA SAÍDA/ENTRADA', formatDate(nfe.exitAt), 80, true],
  ]);
  return fieldRow(ctx, row, [
    ['MUNICÍPIO', a.city ?? '', 0],
    ['FONE / FAX', formatPhone(a.phone), 95],
    ['UF', a.uf ?? '', 25],
    ['INSCRIÇÃO ESTADUAL', r?.ie ?? '', 115],
    ['HORA DA SAÍDA/ENTRADA', formatTime(nfe.exitAt), 80, true],
  ]);
}
