import { child, text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';

/**
 * 355 / 356 (ZA01-10/20): an export (an outgoing note, tpNF 1, abroad, idDest 3) names where the
 * goods leave the country, and no other note does. UFSaidaPais being a state is the schema's
 * (TUfEmi has no EX).
 */
export function checkExportPlace(nfe: NfeView): Rejection | undefined {
  const exporting = text(nfe.ide, 'tpNF') === '1' && text(nfe.ide, 'idDest') === '3';
  const place = child(nfe.infNFe, 'exporta');
  if (exporting && !place)
    return rejection('355', 'Rejeição: Informar o local de saída do Pais no caso da exportação');
  if (!exporting && place)
    return rejection(
      '356',
      'Rejeição: Informar o local de saída do Pais somente no caso da exportação',
    );
  return undefined;
}
