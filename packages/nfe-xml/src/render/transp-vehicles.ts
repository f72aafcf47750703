import type { IssuePath } from '../errors.js';
import type { NfeTransporte, NfeVeiculoTransporte } from '../types-transporte.js';
import { element } from '../xml-escape.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern, checkText, given } from '../validate/text.js';
import { checkUfOrAbroad } from './transporta.js';

/** TVeiculo/placa: the old plate (ABC1234), the Mercosul one (ABC1D23) and the other 7-character forms. */
const PLACA = /^(?:[A-Z]{2,3}[0-9]{4}|[A-Z]{3,4}[0-9]{3}|[A-Z0-9]{7})$/;

/** transp/reboque{0..5}. */
export const MAX_REBOQUES = 5;

function renderVeiculo(
  issues: IssueList,
  tag: string,
  path: IssuePath,
  v: NfeVeiculoTransporte,
): string {
  const placa = checkPattern(
    issues,
    path,
    'placa',
    v.placa,
    PLACA,
    'a vehicle plate: 7 capital letters and digits, e.g. ABC1234 or ABC1D23',
  );
  const uf = given(v.uf) ? checkUfOrAbroad(issues, path, 'uf', v.uf) : '';
  const rntc = given(v.rntc) ? checkText(issues, path, 'rntc', v.rntc, { min: 1, max: 20 }) : '';
  return `<${tag}><placa>${placa ?? ''}</placa>${uf ? `<UF>${uf}</UF>` : ''}${rntc ? element('RNTC', rntc) : ''}</${tag}>`;
}

/** The layout's choice after retTransp: (veicTransp? reboque{0..5}) | vagao | balsa. */
export function renderTranspVehicles(issues: IssueList, t: NfeTransporte): string {
  const reboques = given(t.reboques) ? t.reboques : [];
  if (!Array.isArray(reboques)) {
    issues.add(['transporte', 'reboques'], 'list_type', 'Input should be a valid list');
    return '';
  }
  const road = given(t.veiculo) || reboques.length > 0;
  const railOrWater = [given(t.vagao), given(t.balsa)].filter(Boolean).length;
  if (railOrWater > 1 || (road && railOrWater > 0)) {
    issues.add(
      ['transporte', given(t.vagao) ? 'vagao' : 'balsa'],
      'transport_choice',
      'Give a road vehicle (veiculo, reboques), a vagao or a balsa: the layout takes only one of them',
    );
  }
  if (reboques.length > MAX_REBOQUES) {
    issues.add(
      ['transporte', 'reboques'],
      'too_long',
      `List should have at most ${MAX_REBOQUES} items (reboque{0..5})`,
    );
  }
  let xml = given(t.veiculo)
    ? renderVeiculo(issues, 'veicTransp', ['transporte', 'veiculo'], t.veiculo)
    : '';
  for (let i = 0; i < Math.min(reboques.length, MAX_REBOQUES); i++)
    xml += renderVeiculo(
      issues,
      'reboque',
      ['transporte', 'reboques', i],
      reboques[i] as NfeVeiculoTransporte,
    );
  if (given(t.vagao))
    xml += element(
      'vagao',
      checkText(issues, ['transporte'], 'vagao', t.vagao, { min: 1, max: 20 }) ?? '',
    );
  if (given(t.balsa))
    xml += element(
      'balsa',
      checkText(issues, ['transporte'], 'balsa', t.balsa, { min: 1, max: 20 }) ?? '',
    );
  return xml;
}
