import { child, text } from '../xml/dom.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';
import { stateCode } from './states.js';
import { isValidCnpj, isValidCpf } from './tax-ids.js';

/*
 * retirada and entrega (MOC 7.0 Anexo I groups F and G): the place's CNPJ or CPF and its city
 * against its state. The city's existence (276/278), the country code (970) and the IE (971) need
 * the IBGE, BACEN and state registers, which this authoriser does not keep.
 */

interface PlaceRules {
  readonly group: 'retirada' | 'entrega';
  readonly cnpj: Rejection;
  readonly cpf: Rejection;
  readonly abroadCity: Rejection;
  readonly cityOfAnotherState: Rejection;
}

const PLACES: readonly PlaceRules[] = [
  {
    group: 'retirada',
    cnpj: rejection('512', 'Rejeição: CNPJ do Local de Retirada inválido'),
    cpf: rejection('540', 'Rejeição: CPF do Local de Retirada inválido'),
    abroadCity: rejection(
      '513',
      'Rejeição: Código Município do Local de Retirada deve ser 9999999 para UF retirada = “EX”.',
    ),
    cityOfAnotherState: rejection(
      '277',
      'Rejeição: Código Município do Local de Retirada: difere da UF do Local de Retirada',
    ),
  },
  {
    group: 'entrega',
    cnpj: rejection('514', 'Rejeição: CNPJ do Local de Entrega inválido'),
    cpf: rejection('541', 'Rejeição: CPF do Local de Entrega inválido'),
    abroadCity: rejection(
      '515',
      'Rejeição: Código Município do Local de Entrega deve ser 9999999 para UF entrega = “EX”.',
    ),
    cityOfAnotherState: rejection(
      '279',
      'Rejeição: Código Município do Local de Entrega: difere da UF do Local de Entrega',
    ),
  },
];

/** F02-10, F02a-10, F07-10, F07-30 then G02-10, G02a-10, G07-10, G07-30. */
export function checkPlaces(nfe: NfeView): Rejection | undefined {
  for (const rules of PLACES) {
    const place = child(nfe.infNFe, rules.group);
    if (!place) continue;
    if (child(place, 'CNPJ') && !isValidCnpj(text(place, 'CNPJ'))) return rules.cnpj;
    if (child(place, 'CPF') && !isValidCpf(text(place, 'CPF'))) return rules.cpf;
    const uf = text(place, 'UF');
    const cMun = text(place, 'cMun') ?? '';
    if (uf === 'EX') {
      if (cMun !== '9999999') return rules.abroadCity;
    } else if (cMun.slice(0, 2) !== stateCode(uf)) return rules.cityOfAnotherState;
  }
  return undefined;
}
