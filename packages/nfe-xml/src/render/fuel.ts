import { compareDecimals } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type {
  NfeCide,
  NfeCombustivel,
  NfeEncerrante,
  NfeOrigemCombustivel,
} from '../types-item.js';
import { ufInfo, ufs } from '../ufs.js';
import { checkDecimal, layoutValue, MONEY } from '../validate/decimal-field.js';
import { digits } from '../validate/digits.js';
import {
  checkPercentUpTo100,
  METER,
  PERCENT_MAX_100,
  POSITIVE_PERCENT_MAX_100,
  QUANTITY_1204,
  RATE_1104,
  TEMPERATURE_QUANTITY,
} from '../validate/item-decimal-kinds.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { checkLiteral, checkPattern, checkText, given, type Pattern } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import { checkList } from './item-lists.js';

/** origComb{0..30} (leiauteNFe_v4.00.xsd, det/prod/comb). */
const MAX_ORIGINS = 30;
const ANP_CODE = digits(9);
const CODIF = /^[0-9]{1,21}$/;
const NOZZLE = /^[0-9]{1,3}$/;
const IMPORTED = ['0', '1'] as const;
/** TUf: a state, or EX for fuel consumed abroad. */
const UF_OR_ABROAD: Pattern = { test: (v) => v === 'EX' || ufInfo(v) !== undefined };
const IBGE_UF_CODES = new Set(Object.values(ufs).map((uf) => uf.cUF));

function renderCide(issues: IssueList, path: IssuePath, cide: NfeCide): string {
  const qBCProd = checkDecimal(
    issues,
    path,
    'quantidade_base',
    cide.quantidade_base,
    QUANTITY_1204,
  );
  const vAliqProd = checkDecimal(issues, path, 'aliquota', cide.aliquota, RATE_1104);
  const vCIDE = checkDecimal(issues, path, 'valor', cide.valor, MONEY);
  return `<CIDE><qBCProd>${qBCProd ?? ''}</qBCProd><vAliqProd>${vAliqProd ?? ''}</vAliqProd><vCIDE>${vCIDE ?? ''}</vCIDE></CIDE>`;
}

function renderMeter(issues: IssueList, path: IssuePath, meter: NfeEncerrante): string {
  const nBico = checkPattern(issues, path, 'bico', meter.bico, NOZZLE, '1–3 digits (nBico)');
  const nBomba = given(meter.bomba)
    ? checkPattern(issues, path, 'bomba', meter.bomba, NOZZLE, '1–3 digits (nBomba)')
    : undefined;
  const nTanque = checkPattern(
    issues,
    path,
    'tanque',
    meter.tanque,
    NOZZLE,
    '1–3 digits (nTanque)',
  );
  const vEncIni = checkDecimal(issues, path, 'valor_inicial', meter.valor_inicial, METER);
  const vEncFin = checkDecimal(issues, path, 'valor_final', meter.valor_final, METER);
  if (
    vEncIni !== undefined &&
    vEncFin !== undefined &&
    compareDecimals(layoutValue(vEncFin), layoutValue(vEncIni)) <= 0
  )
    ruleIssue(
      issues,
      [...path, 'valor_final'],
      { code: 380, text: 'Valor do Encerrante final não é superior ao Encerrante inicial' },
      `the meter after the sale (${vEncFin}) is not above the meter before it (${vEncIni})`,
    );
  return (
    `<encerrante><nBico>${nBico ?? ''}</nBico>` +
    (nBomba ? `<nBomba>${nBomba}</nBomba>` : '') +
    `<nTanque>${nTanque ?? ''}</nTanque><vEncIni>${vEncIni ?? ''}</vEncIni><vEncFin>${vEncFin ?? ''}</vEncFin></encerrante>`
  );
}

/** cUFOrig: the state's two letters (written as its IBGE code) or that code itself. */
function originState(issues: IssueList, path: IssuePath, value: unknown): string | undefined {
  if (typeof value === 'string') {
    const uf = ufInfo(value);
    if (uf) return uf.cUF;
    if (IBGE_UF_CODES.has(value)) return value;
  }
  issues.at(
    path,
    'uf',
    value === undefined || value === null ? 'missing' : 'unknown_uf',
    'Input should be a Brazilian state code (UF, e.g. SP) or its IBGE code (35)',
  );
  return undefined;
}

function renderOrigin(issues: IssueList, path: IssuePath, origin: NfeOrigemCombustivel): string {
  const indImport = checkLiteral(issues, path, 'importado', origin.importado, IMPORTED);
  const cUFOrig = originState(issues, path, origin.uf);
  const pOrig = checkPercentUpTo100(
    issues,
    path,
    'percentual',
    origin.percentual,
    POSITIVE_PERCENT_MAX_100,
  );
  return `<origComb><indImport>${indImport ?? ''}</indImport><cUFOrig>${cUFOrig ?? ''}</cUFOrig><pOrig>${pOrig ?? ''}</pOrig></origComb>`;
}

/**
 * `<comb>` in the layout's order: cProdANP descANP pGLP? pGNn? pGNi? vPart? CODIF? qTemp? UFCons
 * CIDE? encerrante? pBio? origComb{0..30} (the same in PL_009 and PL_010b).
 */
export function renderFuel(issues: IssueList, itemPath: IssuePath, fuel: NfeCombustivel): string {
  const path = [...itemPath, 'combustivel'];
  const cProdANP = checkPattern(
    issues,
    path,
    'codigo_anp',
    fuel.codigo_anp,
    ANP_CODE,
    '9 digits (cProdANP)',
  );
  const descANP = checkText(issues, path, 'descricao_anp', fuel.descricao_anp, { min: 2, max: 95 });
  const percent = (key: keyof NfeCombustivel, value: unknown, tag: string) =>
    given(value)
      ? `<${tag}>${checkPercentUpTo100(issues, path, key, value, PERCENT_MAX_100) ?? ''}</${tag}>`
      : '';
  const pGLP = percent('percentual_glp', fuel.percentual_glp, 'pGLP');
  const pGNn = percent(
    'percentual_gas_natural_nacional',
    fuel.percentual_gas_natural_nacional,
    'pGNn',
  );
  const pGNi = percent(
    'percentual_gas_natural_importado',
    fuel.percentual_gas_natural_importado,
    'pGNi',
  );
  const vPart = given(fuel.valor_partida)
    ? `<vPart>${checkDecimal(issues, path, 'valor_partida', fuel.valor_partida, MONEY) ?? ''}</vPart>`
    : '';
  const codif = given(fuel.codif)
    ? `<CODIF>${checkPattern(issues, path, 'codif', fuel.codif, CODIF, '1–21 digits (CODIF)') ?? ''}</CODIF>`
    : '';
  const qTemp = given(fuel.quantidade_temperatura_ambiente)
    ? `<qTemp>${
        checkDecimal(
          issues,
          path,
          'quantidade_temperatura_ambiente',
          fuel.quantidade_temperatura_ambiente,
          TEMPERATURE_QUANTITY,
        ) ?? ''
      }</qTemp>`
    : '';
  const ufCons = checkPattern(
    issues,
    path,
    'uf_consumo',
    fuel.uf_consumo,
    UF_OR_ABROAD,
    'a Brazilian state code (UF) or EX (UFCons)',
  );
  const cide = given(fuel.cide) ? renderCide(issues, [...path, 'cide'], fuel.cide) : '';
  const meter = given(fuel.encerrante)
    ? renderMeter(issues, [...path, 'encerrante'], fuel.encerrante)
    : '';
  const pBio = given(fuel.percentual_biodiesel)
    ? `<pBio>${
        checkPercentUpTo100(
          issues,
          path,
          'percentual_biodiesel',
          fuel.percentual_biodiesel,
          POSITIVE_PERCENT_MAX_100,
        ) ?? ''
      }</pBio>`
    : '';
  let origins = '';
  if (given(fuel.origens)) {
    const list = checkList(issues, path, 'origens', fuel.origens, 0, MAX_ORIGINS);
    for (let i = 0; i < list.length; i++)
      origins += renderOrigin(issues, [...path, 'origens', i], list[i] as NfeOrigemCombustivel);
  }
  return (
    `<comb><cProdANP>${cProdANP ?? ''}</cProdANP><descANP>${escapeText(descANP ?? '')}</descANP>` +
    `${pGLP}${pGNn}${pGNi}${vPart}${codif}${qTemp}<UFCons>${ufCons ?? ''}</UFCons>` +
    `${cide}${meter}${pBio}${origins}</comb>`
  );
}
