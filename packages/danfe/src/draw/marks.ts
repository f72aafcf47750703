import { FONT, LEFT, WIDTH } from '../layout/geometry.js';
import type { NfeData } from '../model/types.js';
import type { DrawContext } from './context.js';

/** Protocol statuses of an authorised NF-e: 100 autorizado, 150 autorizado fora de prazo. */
const AUTHORISED = new Set(['100', '150']);
/**
 * FS-IA and FS-DA: the DANFE printed on security paper is what lets the goods travel before the
 * NF-e reaches SEFAZ (MOC Anexo II §3.9.2), so its lack of a protocol is no defect.
 */
const SECURITY_PAPER = new Set(['2', '5']);

/**
 * The watermark lines a DANFE must carry:
 * - "CANCELADA" when the caller says so (cancellation is an event, absent from nfeProc);
 * - "SEM VALOR FISCAL - NÃO AUTORIZADA" without an authorising protocol (docs/api-rules.md, "DANFE"),
 *   except in contingency on security paper (tpEmis 2 and 5), printed before authorisation by design;
 * - otherwise "SEM VALOR FISCAL" in homologação (MOC Anexo II §3: tpAmb = 2).
 */
export function marksFor(nfe: NfeData, cancelled: boolean): string[] {
  const marks: string[] = [];
  if (cancelled) marks.push('CANCELADA');
  const status = nfe.protocol?.status;
  const awaiting = status === undefined && SECURITY_PAPER.has(nfe.emissionType);
  if (!awaiting && (status === undefined || !AUTHORISED.has(status))) {
    marks.push('SEM VALOR FISCAL - NÃO AUTORIZADA');
  } else if (nfe.environment === '2') {
    marks.push('SEM VALOR FISCAL');
  }
  return marks;
}

const MAX_SIZE = 40;

/**
 * The marks across the middle of a sheet's body (`top` to `bottom`), large and light grey, drawn
 * before the rows so the items stay readable over them (a watermark, MOC §3.10.1).
 */
export function drawMarks(ctx: DrawContext, top: number, bottom: number): void {
  if (ctx.marks.length === 0) return;
  const { canvas } = ctx;
  const sizes = ctx.marks.map((mark) =>
    Math.min(MAX_SIZE, (MAX_SIZE * WIDTH * 0.9) / canvas.measure(mark, FONT.bold, MAX_SIZE)),
  );
  const total = sizes.reduce((a, s) => a + s * 1.2, 0);
  let y = top + (bottom - top - total) / 2;
  ctx.marks.forEach((mark, i) => {
    const size = sizes[i] ?? MAX_SIZE;
    canvas.text(mark, LEFT, y, {
      font: FONT.bold,
      size,
      width: WIDTH,
      align: 'center',
      color: '#c4c4c4',
    });
    y += size * 1.2;
  });
}
