import type { FieldReader } from './field-reader.js';
import type { Address } from './types.js';

/** The address fields shared by enderEmit, enderDest, retirada and entrega. */
export function readAddress(r: FieldReader): Address {
  return {
    street: r.text('xLgr'),
    number: r.text('nro'),
    complement: r.text('xCpl'),
    district: r.text('xBairro'),
    city: r.text('xMun'),
    uf: r.text('UF'),
    cep: r.text('CEP'),
    phone: r.text('fone'),
  };
}
