import type { IssuePath } from '../errors.js';
import type { NfeVolume } from '../types-transporte.js';
import { element } from '../xml-escape.js';
import { checkDecimal, type DecimalKind } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern, checkText, given } from '../validate/text.js';

/** transp/vol{0..5000} and vol/lacres{0..5000}. */
export const MAX_VOLUMES = 5000;
const MAX_LACRES = 5000;

/** TDec_1203: weights in kg, 12 integer digits, written with 3 places. */
export const WEIGHT: DecimalKind = {
  name: 'TDec_1203',
  maxWholeDigits: 12,
  maxPlaces: 3,
  minOutPlaces: 3,
  sign: 'nonNegative',
};

/** qVol: `[0-9]{1,15}`. */
const QUANTITY = /^\d{1,15}$/;

const FIELDS = [
  'quantidade',
  'especie',
  'marca',
  'numeracao',
  'peso_liquido_kg',
  'peso_bruto_kg',
  'lacres',
] as const;

function text(
  issues: IssueList,
  path: IssuePath,
  key: string,
  value: unknown,
  tag: string,
): string {
  if (!given(value)) return '';
  return element(tag, checkText(issues, path, key, value, { min: 1, max: 60 }) ?? '');
}

function renderLacres(issues: IssueList, path: IssuePath, lacres: unknown): string {
  if (!given(lacres)) return '';
  if (!Array.isArray(lacres)) {
    issues.at(path, 'lacres', 'list_type', 'Input should be a valid list');
    return '';
  }
  if (lacres.length > MAX_LACRES)
    issues.at(path, 'lacres', 'too_long', `List should have at most ${MAX_LACRES} items`);
  const parent = [...path, 'lacres'];
  let xml = '';
  for (let i = 0; i < Math.min(lacres.length, MAX_LACRES); i++)
    xml += `<lacres>${element('nLacre', checkText(issues, parent, i, lacres[i], { min: 1, max: 60 }) ?? '')}</lacres>`;
  return xml;
}

/** `<vol>`: qVol? esp? marca? nVol? pesoL? pesoB? lacres*; a volume gives at least one of them. */
function renderVolume(issues: IssueList, path: IssuePath, v: NfeVolume): string {
  if (!FIELDS.some((field) => given(v[field]))) {
    issues.add(path, 'missing', 'A volume needs at least one field (quantidade, especie, …)');
    return '';
  }
  const qVol = given(v.quantidade)
    ? checkPattern(
        issues,
        path,
        'quantidade',
        v.quantidade,
        QUANTITY,
        'a whole number of up to 15 digits (qVol)',
      )
    : undefined;
  const pesoL = given(v.peso_liquido_kg)
    ? checkDecimal(issues, path, 'peso_liquido_kg', v.peso_liquido_kg, WEIGHT)
    : undefined;
  const pesoB = given(v.peso_bruto_kg)
    ? checkDecimal(issues, path, 'peso_bruto_kg', v.peso_bruto_kg, WEIGHT)
    : undefined;
  return (
    `<vol>${given(v.quantidade) ? `<qVol>${qVol ?? ''}</qVol>` : ''}${text(issues, path, 'especie', v.especie, 'esp')}` +
    `${text(issues, path, 'marca', v.marca, 'marca')}${text(issues, path, 'numeracao', v.numeracao, 'nVol')}` +
    `${given(v.peso_liquido_kg) ? `<pesoL>${pesoL ?? ''}</pesoL>` : ''}${given(v.peso_bruto_kg) ? `<pesoB>${pesoB ?? ''}</pesoB>` : ''}` +
    `${renderLacres(issues, path, v.lacres)}</vol>`
  );
}

/** Every `<vol>` of `volumes`, in order. */
export function renderVolumes(issues: IssueList, volumes: unknown): string {
  if (!given(volumes)) return '';
  if (!Array.isArray(volumes)) {
    issues.add(['transporte', 'volumes'], 'list_type', 'Input should be a valid list');
    return '';
  }
  if (volumes.length > MAX_VOLUMES) {
    issues.add(
      ['transporte', 'volumes'],
      'too_long',
      `List should have at most ${MAX_VOLUMES} items (vol{0..5000})`,
    );
  }
  let xml = '';
  for (let i = 0; i < Math.min(volumes.length, MAX_VOLUMES); i++)
    xml += renderVolume(issues, ['transporte', 'volumes', i], volumes[i] as NfeVolume);
  return xml;
}
