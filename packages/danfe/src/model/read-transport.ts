import { children } from '../xml/xml-tree.js';
import { FieldReader } from './field-reader.js';
import type { Transport, Vehicle } from './types.js';

function readVehicle(v: FieldReader): Vehicle | undefined {
  const plate = v.text('placa');
  return plate === undefined ? undefined : { plate, uf: v.text('UF'), rntc: v.text('RNTC') };
}

/** transp (group X): modFrete, the carrier, the vehicles and every vol. */
export function readTransport(transp: FieldReader): Transport {
  const carrier = transp.below('transporta');
  const trailers = children(transp.element, 'reboque').map((el, i) =>
    readVehicle(new FieldReader(el, `${transp.path}/reboque[${i + 1}]`)),
  );
  return {
    mode: transp.text('modFrete') ?? '',
    carrierDocument: carrier.cnpjOrCpf(),
    carrierName: carrier.text('xNome'),
    carrierIe: carrier.text('IE'),
    carrierAddress: carrier.text('xEnder'),
    carrierCity: carrier.text('xMun'),
    carrierUf: carrier.text('UF'),
    vehicles: [readVehicle(transp.below('veicTransp')), ...trailers].filter(
      (v): v is Vehicle => v !== undefined,
    ),
    wagon: transp.text('vagao'),
    ferry: transp.text('balsa'),
    volumes: children(transp.element, 'vol').map((vol, i) => {
      const v = new FieldReader(vol, `${transp.path}/vol[${i + 1}]`);
      return {
        quantity: v.decimal('qVol'),
        kind: v.text('esp'),
        brand: v.text('marca'),
        numbering: v.text('nVol'),
        netWeight: v.decimal('pesoL'),
        grossWeight: v.decimal('pesoB'),
      };
    }),
  };
}
