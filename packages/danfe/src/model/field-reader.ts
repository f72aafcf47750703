import { DanfeError } from '../errors.js';
import { isDecimal } from '../format/decimal.js';
import { toWinAnsi } from '../format/win-ansi.js';
import { at, textAt, type XmlElement } from '../xml/xml-tree.js';

/**
 * Reads fields below one element and names them by their full NF-e path in errors
 * (`infNFe/det[3]/prod/qCom`), so a caller sees which field of which item is wrong.
 */
export class FieldReader {
  constructor(
    readonly element: XmlElement | undefined,
    readonly path: string,
  ) {}

  /** A reader for the child element at `path` (which may be absent). */
  below(path: string, label = path): FieldReader {
    return new FieldReader(at(this.element, path), `${this.path}/${label}`);
  }

  /**
   * Text at `path` in the characters the standard fonts can print (see `toWinAnsi`), or
   * `undefined` when absent or empty.
   */
  text(path: string): string | undefined {
    const value = textAt(this.element, path);
    return value === undefined ? undefined : toWinAnsi(value);
  }

  /** The CNPJ below this element, or the CPF of a person: the layout's choice of the two. */
  cnpjOrCpf(): string | undefined {
    return this.text('CNPJ') ?? this.text('CPF');
  }

  /** Text at `path`; a `missing_field` error when absent. */
  required(path: string): string {
    const value = this.text(path);
    if (value === undefined) {
      throw new DanfeError(
        'missing_field',
        `The NF-e has no ${this.path}/${path}`,
        `${this.path}/${path}`,
      );
    }
    return value;
  }

  /** Decimal text at `path`, or `undefined`; an `invalid_field` error when it is not a decimal. */
  decimal(path: string): string | undefined {
    const value = this.text(path);
    if (value !== undefined && !isDecimal(value)) {
      throw new DanfeError(
        'invalid_field',
        `${this.path}/${path} should be a decimal number, not "${value}"`,
        `${this.path}/${path}`,
      );
    }
    return value;
  }

  /** Decimal text at `path`; `missing_field` when absent, `invalid_field` when not a decimal. */
  requiredDecimal(path: string): string {
    this.required(path);
    return this.decimal(path) ?? '';
  }
}
