import { formatCep, formatDocument, formatPhone, formatStreet } from '../format/documents.js';
import { BLOCK_TITLE_HEIGHT, FIELD_HEIGHT, LEFT } from '../layout/geometry.js';
import type { Place } from '../model/types.js';
import type { DrawContext } from './context.js';
import { fieldRow } from './recipient.js';

/**
 * Height of one "Informações do Local de Retirada/Entrega" block: title and two field rows. The
 * NT 2018.005 model spreads the same fields over three rows like the recipient's; its sizes are
 * suggestions (MOC §3.1), and two rows keep room for items when both places and a long fatura
 * are present.
 */
const PLACE_HEIGHT = BLOCK_TITLE_HEIGHT + 2 * FIELD_HEIGHT;

/** Height of the retirada and entrega blocks together; 0 when the NF-e has neither. */
export function placesHeight(pickup: Place | undefined, delivery: Place | undefined): number {
  return (pickup ? PLACE_HEIGHT : 0) + (delivery ? PLACE_HEIGHT : 0);
}

function drawPlace(ctx: DrawContext, title: string, place: Place, y: number): number {
  const a = place.address;
  const city = place.country ? `${a.city ?? ''} - ${place.country}` : (a.city ?? '');
  ctx.canvas.blockTitle(title, LEFT, y);
  let row = y + BLOCK_TITLE_HEIGHT;
  row = fieldRow(ctx, row, [
    ['NOME / RAZÃO SOCIAL', place.name ?? '', 0],
    ['CNPJ / CPF', formatDocument(place.document), 110],
    ['INSCRIÇÃO ESTADUAL', place.ie ?? '', 100],
    ['FONE / FAX', formatPhone(a.phone), 90],
  ]);
  return fieldRow(ctx, row, [
    ['ENDEREÇO', formatStreet(a), 0],
    ['BAIRRO / DISTRITO', a.district ?? '', 110],
    ['CEP', formatCep(a.cep), 55],
    ['MUNICÍPIO', city, 120],
    ['UF', a.uf ?? '', 22],
  ]);
}

/**
 * The optional areas of NT 2018.005 (MOC §3.1.4–3.1.5), each in its own block as the MOC offers
 * rather than as text in Informações Complementares: right below Destinatário/Remetente, whose
 * fields they share, the local de retirada (group F), then the local de entrega (group G).
 */
export function drawPlaces(ctx: DrawContext, y: number): number {
  const { pickup, delivery } = ctx.nfe;
  let row = y;
  if (pickup) row = drawPlace(ctx, 'INFORMAÇÕES DO LOCAL DE RETIRADA', pickup, row);
  if (delivery) row = drawPlace(ctx, 'INFORMAÇÕES DO LOCAL DE ENTREGA', delivery, row);
  return row;
}
