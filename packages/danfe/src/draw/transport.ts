import { formatDecimal, sumDecimals } from '../format/decimal.js';
import { formatDocument } from '../format/documents.js';
import { BLOCK_TITLE_HEIGHT, FIELD_HEIGHT, LEFT } from '../layout/geometry.js';
import type { Transport, Volume } from '../model/types.js';
import type { DrawContext } from './context.js';
import { fieldRow } from './recipient.js';

/** Height of "Transportador/Volumes Transportados": title and three field rows. */
export const TRANSPORT_HEIGHT = BLOCK_TITLE_HEIGHT + 3 * FIELD_HEIGHT;

/**
 * modFrete under the field title "FRETE POR CONTA DE": the code and the words of MOC §3.1.10
 * (NT 2018.005) that follow "por conta d…", so title and value read as the MOC's sentence
 * ("0=Contratação do Frete por conta do Remetente (CIF)").
 */
export const FREIGHT_MODES: Readonly<Record<string, string>> = {
  '0': '0-Remetente (CIF)',
  '1': '1-Destinatário (FOB)',
  '2': '2-Terceiros',
  '3': '3-Remetente (Transp. Próprio)',
  '4': '4-Destinatário (Transp. Próprio)',
  '9': '9-Sem Ocorrência de Transporte',
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

/**
 * "Transportador/Volumes Transportados" (MOC block 12, fields X02–X32). The vehicle fields show
 * veicTransp, or the first reboque when there is no tractor (MOC §3.8.1 names X23/X25 as the
 * alternatives); further trailers, a wagon or a ferry go to Informações Complementares.
 */
export function drawTransport(ctx: DrawContext, y: number): number {
  const t: Transport = ctx.nfe.transport;
  const v = volumeSummary(t.volumes);
  const vehicle = t.vehicles[0];
  ctx.canvas.blockTitle('TRANSPORTADOR / VOLUMES TRANSPORTADOS', LEFT, y);
  let row = y + BLOCK_TITLE_HEIGHT;
  row = fieldRow(ctx, row, [
    ['NOME / RAZÃO SOCIAL', t.carrierName ?? '', 0],
    ['FRETE POR CONTA DE', FREIGHT_MODES[t.mode] ?? t.mode, 128],
    ['CÓDIGO ANTT', vehicle?.rntc ?? '', 56],
    ['PLACA DO VEÍCULO', vehicle?.plate ?? '', 56],
    ['UF', vehicle?.uf ?? '', 22],
    ['CNPJ / CPF', formatDocument(t.carrierDocument), 104],
  ]);
  row = fieldRow(ctx, row, [
    ['ENDEREÇO', t.carrierAddress ?? '', 0],
    ['MUNICÍPIO', t.carrierCity ?? '', 162],
    ['UF', t.carrierUf ?? '', 22],
    ['INSCRIÇÃO ESTADUAL', t.carrierIe ?? '', 104],
  ]);
  return fieldRow(ctx, row, [
    ['QUANTIDADE DE VOLUMES', v.quantity, 84],
    ['ESPÉCIE', v.kind, 90],
    ['MARCA', v.brand, 90],
    ['NUMERAÇÃO', v.numbering, 0],
    ['PESO BRUTO', v.gross, 88],
    ['PESO LÍQUIDO', v.net, 88],
  ]);
}
