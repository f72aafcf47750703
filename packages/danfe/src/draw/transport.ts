import { formatDecimal, sumDecimals } from '../format/decimal.js';
import { formatDocument } from '../format/documents.js';
import { BLOCK_TITLE_HEIGHT, FIELD_HEIGHT, LEFT } from '../layout/geometry.js';
import type { Transport, Volume } from '../model/types.js';
import type { DrawContext } from './context.js';
import { fieldRow } from './recipient.js';

/** Height of "Transportador/Volumes Transportados": title and three field rows. */
export const TRANSPORT_HEIGHT = BLOCK_TITLE_HEIGHT + 3 * FIELD_HEIGHT;

/** modFrete (NT 2016.002 wording, shortened to fit the field). */
const FREIGHT: Readonly<Record<string, string>> = {
  '0': '0-REMETENTE (CIF)',
  '1': '1-DESTINATÁRIO (FOB)',
  '2': '2-TERCEIROS',
  '3': '3-PRÓPRIO REMETENTE',
  '4': '4-PRÓPRIO DESTINATÁRIO',
  '9': '9-SEM TRANSPORTE',
};

/** One figure for all `vol` groups: sums of counts and weights, distinct texts joined. */
function volumeSummary(volumes: readonly Volume[]) {
  const sum = (pick: (v: Volume) => string | undefined, places: number): string => {
    const values = volumes.map(pick).filter((v): v is string => v !== undefined);
    return values.length === 0 ? '' : formatDecimal(sumDecimals(values), places);
  };
  const distinct = (pick: (v: Volume) => string | undefined): string =>
    [...new Set(volumes.map(pick).filter((v): v is string => v !== undefined))].join(', ');
  return {
    quantity: sum((v) => v.quantity, 0),
    kind: distinct((v) => v.kind),
    brand: distinct((v) => v.brand),
    numbering: distinct((v) => v.numbering),
    gross: sum((v) => v.grossWeight, 3),
    net: sum((v) => v.netWeight, 3),
  };
}

/** "Transportador/Volumes Transportados" (MOC block 12). */
export function drawTransport(ctx: DrawContext, y: number): number {
  const t: Transport = ctx.nfe.transport;
  const v = volumeSummary(t.volumes);
  ctx.canvas.blockTitle('TRANSPORTADOR / VOLUMES TRANSPORTADOS', LEFT, y);
  let row = y + BLOCK_TITLE_HEIGHT;
  row = fieldRow(ctx, row, [
    ['NOME / RAZÃO SOCIAL', t.carrierName ?? '', 0],
    ['FRETE POR CONTA', FREIGHT[t.mode] ?? t.mode, 100],
    ['CÓDIGO ANTT', t.antt ?? '', 65],
    ['PLACA DO VEÍCULO', t.plate ?? '', 60],
    ['UF', t.plateUf ?? '', 25],
    ['CNPJ / CPF', formatDocument(t.carrierDocument), 115],
  ]);
  row = fieldRow(ctx, row, [
    ['ENDEREÇO', t.carrierAddress ?? '', 0],
    ['MUNICÍPIO', t.carrierCity ?? '', 150],
    ['UF', t.carrierUf ?? '', 25],
    ['INSCRIÇÃO ESTADUAL', t.carrierIe ?? '', 115],
  ]);
  return fieldRow(ctx, row, [
    ['QUANTIDADE', v.quantity, 70],
    ['ESPÉCIE', v.kind, 95],
    ['MARCA', v.brand, 95],
    ['NUMERAÇÃO', v.numbering, 0],
    ['PESO BRUTO', v.gross, 90],
    ['PESO LÍQUIDO', v.net, 90],
  ]);
}
