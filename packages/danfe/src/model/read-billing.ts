import { children } from '../xml/xml-tree.js';
import { FieldReader } from './field-reader.js';
import type { Billing } from './types.js';

/** cobr (group Y): the invoice (fat) and its installments (dup); undefined without either. */
export function readBilling(cobr: FieldReader): Billing | undefined {
  if (!cobr.element) return undefined;
  const fat = cobr.below('fat');
  const installments = children(cobr.element, 'dup').map((dup, i) => {
    const d = new FieldReader(dup, `${cobr.path}/dup[${i + 1}]`);
    return { number: d.text('nDup'), due: d.text('dVenc'), value: d.decimal('vDup') };
  });
  if (!fat.element && installments.length === 0) return undefined;
  return {
    invoice: fat.element
      ? {
          number: fat.text('nFat'),
          original: fat.decimal('vOrig'),
          discount: fat.decimal('vDesc'),
          net: fat.decimal('vLiq'),
        }
      : undefined,
    installments,
  };
}
