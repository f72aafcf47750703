import { DanfeError } from './errors.js';

/** How to render; every field is optional. */
export interface DanfeOptions {
  /** Print the canhoto (the receipt at the top of the first sheet). Default `true` (MOC §3.3.1 allows dropping it). */
  readonly canhoto?: boolean;
  /** The emitter's logo, PNG or JPEG bytes, fitted into the left of the emitter block. */
  readonly logo?: Uint8Array;
  /** Decimal places of quantities (`qCom`, `qTrib`), 0–4. Default 4. */
  readonly quantityDecimals?: number;
  /** Decimal places of unit prices (`vUnCom`, `vUnTrib`), 0–10. Default 4. Rounded half away from zero. */
  readonly unitPriceDecimals?: number;
  /**
   * The NF-e has been cancelled: prints "CANCELADA". Cancellation is an event (procEventoNFe), not
   * part of the nfeProc, so the caller who knows it says so.
   */
  readonly cancelada?: boolean;
  /**
   * The PDF's creation date (document info and file ID). Default: the NF-e's `dhEmi`, so the same
   * XML always gives the same bytes.
   */
  readonly createdAt?: Date;
}

/** Options with their defaults applied and their ranges checked. */
export interface ResolvedOptions {
  readonly canhoto: boolean;
  readonly logo?: Uint8Array;
  readonly quantityDecimals: number;
  readonly unitPriceDecimals: number;
  readonly cancelada: boolean;
  readonly createdAt?: Date;
}

function places(value: number | undefined, max: number, name: string): number {
  if (value === undefined) return 4;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new DanfeError('invalid_option', `${name} should be an integer from 0 to ${max}`);
  }
  return value;
}

/** Applies defaults; an `invalid_option` DanfeError for values out of range. */
export function resolveOptions(options: DanfeOptions = {}): ResolvedOptions {
  if (options.createdAt !== undefined && Number.isNaN(options.createdAt.getTime())) {
    throw new DanfeError('invalid_option', 'createdAt should be a valid date');
  }
  return {
    canhoto: options.canhoto ?? true,
    logo: options.logo,
    quantityDecimals: places(options.quantityDecimals, 4, 'quantityDecimals'),
    unitPriceDecimals: places(options.unitPriceDecimals, 10, 'unitPriceDecimals'),
    cancelada: options.cancelada ?? false,
    createdAt: options.createdAt,
  };
}
