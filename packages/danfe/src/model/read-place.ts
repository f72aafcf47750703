import { readAddress } from './read-address.js';
import type { FieldReader } from './field-reader.js';
import type { Place } from './types.js';

/** Brasil in the BACEN country table: a place here needs no country printed. */
const BRASIL = '1058';

/** retirada or entrega (TLocal), undefined when the NF-e has none. */
export function readPlace(place: FieldReader): Place | undefined {
  if (!place.element) return undefined;
  const countryCode = place.text('cPais');
  return {
    document: place.cnpjOrCpf(),
    name: place.text('xNome'),
    ie: place.text('IE'),
    address: readAddress(place),
    country: countryCode !== undefined && countryCode !== BRASIL ? place.text('xPais') : undefined,
  };
}
