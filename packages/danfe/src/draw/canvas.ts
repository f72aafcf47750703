import { FIELD_HEIGHT, FONT, SIZE, type FontName } from '../layout/geometry.js';
import { wrapText, type Measure } from '../layout/measure.js';

/**
 * pdfkit draws `horizontalScaling` (PDF `Tz`) but its type definitions do not list it yet;
 * `textWidth` and `wordCount` are what its line wrapper hands over when it has measured already.
 */
type TextOptions = PDFKit.Mixins.TextOptions & {
  horizontalScaling?: number;
  textWidth?: number;
  wordCount?: number;
};

export interface TextStyle {
  readonly font?: FontName;
  readonly size?: number;
  /** With `width`: where the text sits in it. */
  readonly align?: 'left' | 'center' | 'right';
  /** Narrow text wider than this is condensed horizontally (the font size never shrinks). */
  readonly width?: number;
  readonly color?: string;
}

/** Text narrower than this share of its natural width stops being readable; below it, it overflows. */
const MIN_SCALE = 45;
/** A field value is condensed down to this share before it takes two smaller lines. */
const FIELD_MIN_SCALE = 0.6;
const LONG_VALUE_SIZE = 7;

/**
 * The drawing primitives the blocks use, over one pdfkit document: single-line text placed at
 * exact coordinates (never pdfkit's own flow, which would add pages by itself), condensed to fit
 * its box instead of shrunk below the MOC's minimum size, and thin-stroked boxes.
 */
export class Canvas {
  #font: FontName | undefined;
  #size = 0;
  #color = '#000000';
  /** Widths already measured: column values ("21,00", "UN") repeat on every row. */
  readonly #widths = new Map<string, number>();

  constructor(readonly doc: PDFKit.PDFDocument) {}

  /** Starts a sheet; a new page's graphics state is the PDF default, so the cached state is dropped. */
  startPage(width: number, height: number): void {
    this.doc.addPage({ size: [width, height], margin: 0 });
    this.doc.lineWidth(0.5);
    this.#color = '#000000';
  }

  #use(font: FontName, size: number): void {
    if (font !== this.#font) {
      this.doc.font(font);
      this.#font = font;
    }
    if (size !== this.#size) {
      this.doc.fontSize(size);
      this.#size = size;
    }
  }

  /** The writer's width of `text` (kerning included). */
  readonly measure: Measure = (text, font, size) => {
    const key = `${font}\u0000${size}\u0000${text}`;
    let width = this.#widths.get(key);
    if (width === undefined) {
      this.#use(font, size);
      width = this.doc.widthOfString(text);
      this.#widths.set(key, width);
    }
    return width;
  };

  /** One line of text with its top at `y`. */
  text(value: string, x: number, y: number, style: TextStyle = {}): void {
    if (value === '') return;
    const font = style.font ?? FONT.regular;
    const size = style.size ?? SIZE.fieldValue;
    const natural = this.measure(value, font, size);
    let scale = 100;
    let left = x;
    if (style.width !== undefined) {
      if (natural > style.width) {
        scale = Math.max(MIN_SCALE, (style.width / natural) * 100);
      } else if (style.align === 'center') {
        left = x + (style.width - natural) / 2;
      } else if (style.align === 'right') {
        left = x + style.width - natural;
      }
    }
    const color = style.color ?? '#000000';
    if (color !== this.#color) {
      this.doc.fillColor(color);
      this.#color = color;
    }
    this.#use(font, size);
    // The width is known: handing it over spares pdfkit measuring the string again.
    const options: TextOptions = {
      lineBreak: false,
      textWidth: (natural * scale) / 100,
      wordCount: 1,
    };
    if (scale < 100) options.horizontalScaling = scale;
    this.doc.text(value, left, y, options);
  }

  rect(x: number, y: number, width: number, height: number): void {
    this.doc.rect(x, y, width, height).stroke();
  }

  /** Fills the path built so far on `doc` (several rectangles at once: the barcode's bars). */
  fill(color = '#000000'): void {
    this.doc.fill(color);
    this.#color = color;
  }

  /** A straight line; `dash` draws it dashed, `light` thin and grey (separators between items). */
  line(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    style: { dash?: number; light?: boolean } = {},
  ): void {
    const { dash, light } = style;
    if (dash) this.doc.dash(dash, { space: dash });
    if (light) this.doc.save().lineWidth(0.3).strokeColor('#808080');
    this.doc.moveTo(x1, y1).lineTo(x2, y2).stroke();
    if (light) this.doc.restore();
    if (dash) this.doc.undash();
  }

  /**
   * A field of the form: a box, its title in 6 pt upper case at the top, its value in 10 pt below
   * (MOC §3.7), condensed to fit the box's width. A value too long for one line even condensed to
   * 60 % (three 60-character address parts in one field) takes two 7 pt lines instead: smaller
   * than the MOC's size, but nothing is cut or runs into the next field.
   */
  field(
    x: number,
    y: number,
    width: number,
    title: string,
    value: string,
    style: { bold?: boolean; align?: 'left' | 'center' | 'right'; height?: number } = {},
  ): void {
    const height = style.height ?? FIELD_HEIGHT;
    this.rect(x, y, width, height);
    this.text(title, x + 2, y + 1.5, { size: SIZE.fieldTitle, width: width - 4 });
    const font = style.bold ? FONT.bold : FONT.regular;
    const valueWidth = width - 6;
    if (this.measure(value, font, SIZE.fieldValue) * FIELD_MIN_SCALE <= valueWidth) {
      this.text(value, x + 3, y + height - 13.5, {
        font,
        size: SIZE.fieldValue,
        width: valueWidth,
        align: style.align ?? 'left',
      });
      return;
    }
    const lines = wrapText(
      value,
      valueWidth / FIELD_MIN_SCALE,
      font,
      LONG_VALUE_SIZE,
      this.measure,
    );
    const first = lines[0]?.text ?? '';
    const second = lines
      .slice(1)
      .map((l) => l.text)
      .join(' ');
    const style7 = { font, size: LONG_VALUE_SIZE, width: valueWidth };
    this.text(first, x + 3, y + height - 16.5, style7);
    this.text(second, x + 3, y + height - 9, style7);
  }

  /** A block title (bold, upper case) on the line above the block. */
  blockTitle(title: string, x: number, y: number): void {
    this.text(title, x, y + 1.5, { font: FONT.bold, size: SIZE.blockTitle });
  }
}
