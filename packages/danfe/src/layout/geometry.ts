/*
 * Sheet geometry in PDF points (1/72 in). The MOC (Anexo II §3.6–3.8) fixes the paper (A4), the
 * margins (0.2–0.8 cm), the order of the blocks and the minimum font sizes; its field sizes are
 * suggestions, so the widths here share the printable 20 cm the way its retrato model does.
 */

/** Points per centimetre. */
export const CM = 72 / 2.54;

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

/** 0.5 cm on every side: inside the MOC's 0.2–0.8 cm (§3.6.2), clear of most printers' dead zone. */
export const MARGIN = 0.5 * CM;
export const LEFT = MARGIN;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const TOP = MARGIN;
export const BOTTOM = PAGE_HEIGHT - MARGIN;
export const WIDTH = RIGHT - LEFT;

/** The MOC names Times New Roman or Courier New; the standard Times needs no embedded font file. */
export const FONT = { regular: 'Times-Roman', bold: 'Times-Bold' } as const;
export type FontName = (typeof FONT)[keyof typeof FONT];

/** Sizes in points; each is at or above its MOC minimum (§3.7). */
export const SIZE = {
  /** Block titles: minimum 5, bold, upper case. */
  blockTitle: 6,
  /** Field titles outside the products block: minimum 6, upper case. */
  fieldTitle: 6,
  /** Field contents outside the products block and Informações Complementares: minimum 10. */
  fieldValue: 10,
  /** Column titles of the products block: minimum 5. */
  columnTitle: 5.5,
  /** Product rows and Informações Complementares: minimum 6. */
  row: 6,
  /** "DANFE": minimum 12, bold. */
  danfe: 12,
  /** Número, série, folha, tpNF: minimum 10, bold. */
  number: 10,
  /** "DOCUMENTO AUXILIAR…", "ENTRADA/SAÍDA": minimum 8. */
  subtitle: 8,
  /** Emitter name: minimum 12, bold. */
  emitterName: 12,
  /** Emitter address lines: minimum 8, bold. */
  emitterDetail: 8,
} as const;

/** A field box: 6 pt title over a 10 pt value; 0.85 cm as in the MOC's position table. */
export const FIELD_HEIGHT = 24;
/** The bold title line above a block. */
export const BLOCK_TITLE_HEIGHT = 9;
/** Line pitch of 6 pt text (product rows, Informações Complementares). */
export const ROW_LINE = 7;
/** Padding above and below the lines of one product row. */
export const ROW_PADDING = 1.5;
/** Height of the products block's column titles (two lines of 5.5 pt). */
export const COLUMN_HEADER_HEIGHT = 15;

/** Emitter, DANFE box and barcode/chave column: one band 3.9 cm high. */
export const HEADER_HEIGHT = 110;
export const EMITTER_WIDTH = 7.6 * CM;
export const DANFE_BOX_WIDTH = 3.4 * CM;
export const KEY_COLUMN_X = LEFT + EMITTER_WIDTH + DANFE_BOX_WIDTH;
export const KEY_COLUMN_WIDTH = RIGHT - KEY_COLUMN_X;

/** Canhoto: two field rows and the cut line below them. */
export const CANHOTO_HEIGHT = 2 * FIELD_HEIGHT + 10;
/** "Dados adicionais" on the first sheet: 3.07 cm high (MOC §3.8.1). */
export const ADDITIONAL_BOX_HEIGHT = 3.07 * CM;
/** Informações Complementares: 12.95 of the MOC's 20.57 cm; the rest is Reservado ao Fisco. */
export const COMPLEMENTARY_WIDTH = WIDTH * (12.95 / 20.57);

/** Barcode: bars at least 0.8 cm high; modules at least 0.02 cm wide (MOC Anexo II §2). */
export const BARCODE_HEIGHT = 1.1 * CM;
export const MIN_MODULE = 0.02 * CM;
