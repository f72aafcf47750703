import { formatDecimal } from '../format/decimal.js';
import { formatDate, formatNumber, formatSeries } from '../format/documents.js';
import {
  CANHOTO_HEIGHT,
  FIELD_HEIGHT,
  FONT,
  LEFT,
  RIGHT,
  SIZE,
  WIDTH,
} from '../layout/geometry.js';
import { wrapText } from '../layout/measure.js';
import type { DrawContext } from './context.js';

const NUMBER_BOX_WIDTH = 105;
const DATE_WIDTH = 110;

/**
 * The canhoto (MOC §3.8.1, block 1): the receipt the recipient signs, with the MOC's sentence,
 * the date and signature fields, and NF-e número/série; a dashed cut line below it.
 */
export function drawCanhoto(ctx: DrawContext, y: number): number {
  const { canvas, nfe } = ctx;
  const textWidth = WIDTH - NUMBER_BOX_WIDTH;
  const recipient = nfe.recipient?.name ? ` DESTINATÁRIO: ${nfe.recipient.name}.` : '';
  const sentence =
    `RECEBEMOS DE ${nfe.emitter.name} OS PRODUTOS/SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA ` +
    `INDICADA AO LADO. EMISSÃO: ${formatDate(nfe.issuedAt)}. ` +
    `VALOR TOTAL: R$ ${formatDecimal(nfe.totals.invoice, 2)}.${recipient}`;
  canvas.rect(LEFT, y, textWidth, FIELD_HEIGHT);
  let lines = wrapText(sentence, textWidth - 6, FONT.regular, SIZE.fieldTitle, canvas.measure);
  // Three lines fit the field; a longer sentence (long names) is wrapped wider and condensed.
  for (const stretch of [1.25, 1.5, 2]) {
    if (lines.length <= 3) break;
    lines = wrapText(
      sentence,
      (textWidth - 6) * stretch,
      FONT.regular,
      SIZE.fieldTitle,
      canvas.measure,
    );
  }
  lines.forEach((line, i) => {
    canvas.text(line.text, LEFT + 3, y + 2 + i * 7, {
      size: SIZE.fieldTitle,
      width: textWidth - 6,
    });
  });
  canvas.field(LEFT, y + FIELD_HEIGHT, DATE_WIDTH, 'DATA DE RECEBIMENTO', '');
  canvas.field(
    LEFT + DATE_WIDTH,
    y + FIELD_HEIGHT,
    textWidth - DATE_WIDTH,
    'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR',
    '',
  );
  const boxX = LEFT + textWidth;
  canvas.rect(boxX, y, NUMBER_BOX_WIDTH, 2 * FIELD_HEIGHT);
  const style = {
    font: FONT.bold,
    size: SIZE.number,
    width: NUMBER_BOX_WIDTH - 4,
    align: 'center' as const,
  };
  canvas.text('NF-e', boxX + 2, y + 6, style);
  canvas.text(`Nº ${formatNumber(nfe.number)}`, boxX + 2, y + 19, style);
  canvas.text(`SÉRIE ${formatSeries(nfe.series)}`, boxX + 2, y + 32, style);
  const cut = y + 2 * FIELD_HEIGHT + 5;
  canvas.line(LEFT, cut, RIGHT, cut, { dash: 2 });
  return y + CANHOTO_HEIGHT;
}
