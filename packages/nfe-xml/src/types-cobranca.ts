/* The request's `cobranca` group (cobr): the invoice and its instalments. */
import type { DecimalText } from './types.js';

/** cobr/fat. */
export interface NfeFatura {
  /** nFat, 1–60 characters. */
  numero: string;
  /** vOrig. */
  valor_original: DecimalText;
  /** vDesc; absent means no discount. */
  valor_desconto?: DecimalText | null;
  /** vLiq = vOrig − vDesc (rejection 902). */
  valor_liquido: DecimalText;
}

/** cobr/dup: one instalment. */
export interface NfeDuplicata {
  /** nDup: 001, 002, … in order (rejection 852). */
  numero: string;
  /** dVenc, YYYY-MM-DD: not before the issue date (900), ascending (850). */
  vencimento: string;
  /** vDup, above 0. */
  valor: DecimalText;
}

export interface NfeCobranca {
  fatura?: NfeFatura | null;
  /** dup: up to 120, adding up to the fatura's valor_liquido (rejection 851). */
  duplicatas?: NfeDuplicata[] | null;
}
