import {
  formatCep,
  formatDateTime,
  formatDocument,
  formatNumber,
  formatPhone,
  formatSeries,
  formatStreet,
  groupKey,
} from '../format/documents.js';
import {
  CM,
  DANFE_BOX_WIDTH,
  EMITTER_WIDTH,
  FIELD_HEIGHT,
  FONT,
  HEADER_HEIGHT,
  KEY_COLUMN_WIDTH,
  KEY_COLUMN_X,
  LEFT,
  SIZE,
  WIDTH,
} from '../layout/geometry.js';
import { wrapText } from '../layout/measure.js';
import { contingencyData } from '../model/contingency-data.js';
import type { Emitter, NfeData } from '../model/types.js';
import { drawBarcode } from './barcode.js';
import type { DrawContext } from './context.js';

/** Height of the header band with the two field rows under it (natureza/protocolo, IE/CNPJ). */
export const HEADER_BAND_HEIGHT = HEADER_HEIGHT + 2 * FIELD_HEIGHT;

const CRT: Readonly<Record<string, string>> = {
  '1': 'SIMPLES NACIONAL',
  '2': 'SIMPLES NACIONAL - EXCESSO DE SUBLIMITE DE RECEITA BRUTA',
  '3': 'REGIME NORMAL',
  '4': 'SIMPLES NACIONAL - MEI',
};

/** MOC §3.9.1: the consultation text of normal and SVC issue (campo variável 1). */
const CONSULTATION =
  'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora';

function emitterDetails(emitter: Emitter): string[] {
  const a = emitter.address;
  const lines = [
    formatStreet(a),
    [a.district, formatCep(a.cep)].filter(Boolean).join(' - '),
    [a.city, a.uf].filter(Boolean).join(' - '),
  ];
  if (a.phone) lines.push(`FONE: ${formatPhone(a.phone)}`);
  // NT 2026.010 §4.2: the CRT in the emitter block.
  if (emitter.crt) {
    const name = CRT[emitter.crt];
    lines.push(`CRT: ${emitter.crt}${name ? ` - ${name}` : ''}`);
  }
  return lines.filter((l) => l !== '');
}

/**
 * Emitter identification (MOC §3.7: name 12 pt bold, other data 8 pt bold), with the logo on the
 * left when given. Text that would not fit the box is wrapped wider and condensed, never shrunk.
 */
function drawEmitter(ctx: DrawContext, y: number): void {
  const { canvas, nfe } = ctx;
  const height = HEADER_HEIGHT;
  canvas.rect(LEFT, y, EMITTER_WIDTH, height);
  canvas.text('IDENTIFICAÇÃO DO EMITENTE', LEFT + 2, y + 1.5, { size: SIZE.fieldTitle });
  let textX = LEFT + 4;
  let textWidth = EMITTER_WIDTH - 8;
  if (ctx.logo) {
    const logoSize = 2.2 * CM;
    canvas.doc.image(ctx.logo, LEFT + 4, y + (height - logoSize) / 2 + 3, {
      fit: [logoSize, logoSize],
      align: 'center',
      valign: 'center',
    });
    textX = LEFT + logoSize + 8;
    textWidth = EMITTER_WIDTH - logoSize - 12;
  }
  const details = emitterDetails(nfe.emitter);
  const nameLine = SIZE.emitterName + 1;
  const detailLine = SIZE.emitterDetail + 1.5;
  // Wider wraps, condensed to the box, until everything fits its height.
  let names: string[] = [];
  let detailLines: string[] = [];
  for (const stretch of [1, 1.25, 1.5, 2]) {
    const w = textWidth * stretch;
    names = wrapText(nfe.emitter.name, w, FONT.bold, SIZE.emitterName, canvas.measure).map(
      (l) => l.text,
    );
    detailLines = details.flatMap((d) =>
      wrapText(d, w, FONT.bold, SIZE.emitterDetail, canvas.measure).map((l) => l.text),
    );
    if (names.length * nameLine + detailLines.length * detailLine <= height - 14) break;
  }
  const total = names.length * nameLine + detailLines.length * detailLine;
  let ty = y + 9 + Math.max(0, (height - 10 - total) / 2);
  for (const line of names) {
    canvas.text(line, textX, ty, {
      font: FONT.bold,
      size: SIZE.emitterName,
      width: textWidth,
      align: 'center',
    });
    ty += nameLine;
  }
  ty += 2;
  for (const line of detailLines) {
    canvas.text(line, textX, ty, {
      font: FONT.bold,
      size: SIZE.emitterDetail,
      width: textWidth,
      align: 'center',
    });
    ty += detailLine;
  }
}

/** "DANFE", the document's title, entrada/saída, número, série and FOLHA x/y (MOC §3.7 sizes). */
function drawDanfeBox(ctx: DrawContext, y: number, sheet: number, sheets: number): void {
  const { canvas, nfe } = ctx;
  const x = LEFT + EMITTER_WIDTH;
  const w = DANFE_BOX_WIDTH;
  canvas.rect(x, y, w, HEADER_HEIGHT);
  const center = { width: w - 4, align: 'center' as const };
  canvas.text('DANFE', x + 2, y + 4, { font: FONT.bold, size: SIZE.danfe, ...center });
  canvas.text('DOCUMENTO AUXILIAR DA', x + 2, y + 19, { size: SIZE.subtitle, ...center });
  canvas.text('NOTA FISCAL ELETRÔNICA', x + 2, y + 28, { size: SIZE.subtitle, ...center });
  canvas.text('0 - ENTRADA', x + 8, y + 41, { size: SIZE.subtitle });
  canvas.text('1 - SAÍDA', x + 8, y + 51, { size: SIZE.subtitle });
  const boxSize = 16;
  const boxX = x + w - boxSize - 10;
  canvas.rect(boxX, y + 41, boxSize, boxSize);
  canvas.text(nfe.direction, boxX, y + 44, {
    font: FONT.bold,
    size: SIZE.number,
    width: boxSize,
    align: 'center',
  });
  const bold = { font: FONT.bold, size: SIZE.number, ...center };
  canvas.text(`Nº ${formatNumber(nfe.number)}`, x + 2, y + 65, bold);
  canvas.text(`SÉRIE ${formatSeries(nfe.series)}`, x + 2, y + 78, bold);
  canvas.text(`FOLHA ${sheet}/${sheets}`, x + 2, y + 91, bold);
}

/**
 * Barcode, chave in groups of four (bold) and campo variável 1: the consultation text (normal and
 * SVC issue, MOC §3.9.1) or, on security paper (FS-IA, FS-DA, §3.9.2), the "Dados da NF-e" barcode.
 */
function drawKeyColumn(ctx: DrawContext, y: number): void {
  const { canvas, nfe } = ctx;
  const x = KEY_COLUMN_X;
  const w = KEY_COLUMN_WIDTH;
  const barcodeHeight = 44;
  canvas.rect(x, y, w, barcodeHeight);
  drawBarcode(canvas, nfe.key, x + 1, y, w - 2, barcodeHeight);
  canvas.field(x, y + barcodeHeight, w, 'CHAVE DE ACESSO', groupKey(nfe.key), {
    bold: true,
    align: 'center',
  });
  const top = y + barcodeHeight + FIELD_HEIGHT;
  const height = HEADER_HEIGHT - barcodeHeight - FIELD_HEIGHT;
  canvas.rect(x, top, w, height);
  const data = contingencyData(nfe);
  if (data) {
    drawBarcode(canvas, data, x + 1, top, w - 2, height);
    return;
  }
  const lines = wrapText(CONSULTATION, w - 12, FONT.regular, SIZE.subtitle, canvas.measure);
  const lineHeight = SIZE.subtitle + 1.5;
  let ly = top + (height - lines.length * lineHeight) / 2;
  for (const line of lines) {
    canvas.text(line.text, x + 6, ly, { size: SIZE.subtitle, width: w - 12, align: 'center' });
    ly += lineHeight;
  }
}

/**
 * Campo variável 2: the authorisation protocol, number and date-time; on security paper the
 * "Dados da NF-e" digits in groups of four (MOC §3.1.2).
 */
function variableField2(nfe: NfeData): { title: string; value: string } {
  const data = contingencyData(nfe);
  if (data) return { title: 'DADOS DA NF-E', value: groupKey(data) };
  return { title: 'PROTOCOLO DE AUTORIZAÇÃO DE USO', value: protocolText(nfe) };
}

/** The authorisation protocol, number and date-time. */
function protocolText(nfe: NfeData): string {
  const p = nfe.protocol;
  if (!p?.number) return '';
  const when = formatDateTime(p.receivedAt);
  return when ? `${p.number} - ${when}` : p.number;
}

/**
 * The band every sheet repeats at the top (MOC §3.5): emitter, DANFE box with FOLHA x/y, barcode
 * and chave, natureza da operação with the protocol, and IE, IE ST and CNPJ of the emitter.
 * Returns the y below it.
 */
export function drawHeader(ctx: DrawContext, y: number, sheet: number, sheets: number): number {
  const { canvas, nfe } = ctx;
  drawEmitter(ctx, y);
  drawDanfeBox(ctx, y, sheet, sheets);
  drawKeyColumn(ctx, y);
  let row = y + HEADER_HEIGHT;
  canvas.field(
    LEFT,
    row,
    EMITTER_WIDTH + DANFE_BOX_WIDTH,
    'NATUREZA DA OPERAÇÃO',
    nfe.operationNature,
  );
  const field2 = variableField2(nfe);
  canvas.field(KEY_COLUMN_X, row, KEY_COLUMN_WIDTH, field2.title, field2.value, {
    bold: field2.title === 'DADOS DA NF-E',
    align: 'center',
  });
  row += FIELD_HEIGHT;
  const third = WIDTH / 3;
  canvas.field(LEFT, row, third, 'INSCRIÇÃO ESTADUAL', nfe.emitter.ie ?? '');
  canvas.field(
    LEFT + third,
    row,
    third,
    'INSCRIÇÃO ESTADUAL DO SUBST. TRIBUT.',
    nfe.emitter.ieSt ?? '',
  );
  const documentTitle = nfe.emitter.document.length === 11 ? 'CPF' : 'CNPJ';
  canvas.field(LEFT + 2 * third, row, third, documentTitle, formatDocument(nfe.emitter.document));
  return row + FIELD_HEIGHT;
}
