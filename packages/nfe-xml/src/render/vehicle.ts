import type { IssuePath } from '../errors.js';
import type { NfeVeiculo } from '../types-item.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkLiteral, checkPattern, checkText } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';

/** How one veicProd field is checked: a TString length, a pattern or an enumeration. */
type FieldRule =
  | { readonly text: readonly [min: number, max: number] }
  | { readonly pattern: RegExp; readonly describe: string }
  | { readonly oneOf: readonly string[] };

/** veicProd's fields in the layout's order, each with its tag and check (all are required). */
const FIELDS: readonly (readonly [keyof NfeVeiculo, string, FieldRule])[] = [
  ['tipo_operacao', 'tpOp', { oneOf: ['0', '1', '2', '3'] }],
  ['chassi', 'chassi', { pattern: /^[A-Z0-9]{17}$/, describe: '17 of A–Z and 0–9 (chassi, VIN)' }],
  ['codigo_cor', 'cCor', { text: [1, 4] }],
  ['descricao_cor', 'xCor', { text: [1, 40] }],
  ['potencia', 'pot', { text: [1, 4] }],
  ['cilindradas', 'cilin', { text: [1, 4] }],
  ['peso_liquido', 'pesoL', { text: [1, 9] }],
  ['peso_bruto', 'pesoB', { text: [1, 9] }],
  ['serie', 'nSerie', { text: [1, 9] }],
  ['tipo_combustivel', 'tpComb', { text: [1, 2] }],
  ['numero_motor', 'nMotor', { text: [1, 21] }],
  ['capacidade_tracao', 'CMT', { text: [1, 9] }],
  ['distancia_eixos', 'dist', { text: [1, 4] }],
  ['ano_modelo', 'anoMod', { pattern: /^[0-9]{4}$/, describe: '4 digits (anoMod)' }],
  ['ano_fabricacao', 'anoFab', { pattern: /^[0-9]{4}$/, describe: '4 digits (anoFab)' }],
  ['tipo_pintura', 'tpPint', { text: [1, 1] }],
  ['tipo_veiculo', 'tpVeic', { pattern: /^[0-9]{1,2}$/, describe: '1–2 digits (tpVeic)' }],
  ['especie_veiculo', 'espVeic', { pattern: /^[0-9]$/, describe: '1 digit (espVeic)' }],
  ['condicao_vin', 'VIN', { oneOf: ['R', 'N'] }],
  ['condicao_veiculo', 'condVeic', { oneOf: ['1', '2', '3'] }],
  ['codigo_marca_modelo', 'cMod', { pattern: /^[0-9]{1,6}$/, describe: '1–6 digits (cMod)' }],
  [
    'cor_denatran',
    'cCorDENATRAN',
    { pattern: /^[0-9]{1,2}$/, describe: '1–2 digits (cCorDENATRAN)' },
  ],
  ['lotacao', 'lota', { pattern: /^[0-9]{1,3}$/, describe: '1–3 digits (lota)' }],
  ['restricao', 'tpRest', { oneOf: ['0', '1', '2', '3', '4', '9'] }],
];

function checkField(
  issues: IssueList,
  path: IssuePath,
  key: string,
  value: unknown,
  rule: FieldRule,
): string | undefined {
  if ('text' in rule)
    return checkText(issues, path, key, value, { min: rule.text[0], max: rule.text[1] });
  if ('pattern' in rule) return checkPattern(issues, path, key, value, rule.pattern, rule.describe);
  return checkLiteral(issues, path, key, value, rule.oneOf);
}

/**
 * `<veicProd>`: a new vehicle, its 24 fields in the layout's order (det/prod/veicProd). A vehicle
 * billed directly by the maker (tpOp 2) is delivered at the dealer, named in `entrega` (478).
 */
export function renderVehicle(
  issues: IssueList,
  itemPath: IssuePath,
  vehicle: NfeVeiculo,
  hasDelivery: boolean,
): string {
  const path = [...itemPath, 'veiculo'];
  let xml = '<veicProd>';
  for (const [key, tag, rule] of FIELDS) {
    const value = checkField(issues, path, key, vehicle[key], rule);
    if (key === 'tipo_operacao' && value === '2' && !hasDelivery)
      ruleIssue(
        issues,
        [...path, key],
        {
          code: 478,
          text: 'Local da entrega não informado para faturamento direto de veículos novos',
        },
        'a new vehicle billed directly (tipo_operacao 2) needs the delivery place (entrega)',
      );
    xml += `<${tag}>${escapeText(value ?? '')}</${tag}>`;
  }
  return `${xml}</veicProd>`;
}
