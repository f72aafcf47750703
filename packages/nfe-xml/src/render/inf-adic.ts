import type { IssuePath } from '../errors.js';
import type { NfeInformacoesAdicionais, NfeObservacao } from '../types-additional.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkText, given } from '../validate/text.js';
import { escapeAttribute } from '../xml-attribute.js';
import { escapeText } from '../xml-escape.js';

const KEY = 'informacoes_adicionais';
/** obsCont{0..10}, obsFisco{0..10}, procRef{0..100}. */
const MAX_OBSERVATIONS = 10;
const MAX_PROCESSES = 100;

/** A list of at most `max` objects, or an issue. */
function listOf<T>(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: T[] | null | undefined,
  max: number,
): T[] {
  if (!given(value)) return [];
  if (!Array.isArray(value)) {
    issues.at(parent, key, 'list_type', 'Input should be a valid list');
    return [];
  }
  if (value.length > max) {
    issues.at(parent, key, 'too_long', `List should have at most ${max} items`);
    return value.slice(0, max);
  }
  return value;
}

/**
 * xCampo, a TString of 1–20 characters written as an attribute. A `>` there is legal XML, but
 * readers that find a tag's end by the next `>` (the DANFE's among them) would cut the tag short,
 * so it is refused rather than risk a document that cannot be printed.
 */
export function checkFieldName(
  issues: IssueList,
  path: IssuePath,
  value: unknown,
): string | undefined {
  const campo = checkText(issues, path, 'campo', value, { min: 1, max: 20 });
  if (campo === undefined || !campo.includes('>')) return campo;
  issues.at(path, 'campo', 'string_pattern_mismatch', "String should not contain '>' (xCampo)");
  return undefined;
}

/** obsCont / obsFisco: `<tag xCampo="…"><xTexto>…</xTexto></tag>`. */
function observations(
  issues: IssueList,
  key: 'observacoes_contribuinte' | 'observacoes_fisco',
  tag: 'obsCont' | 'obsFisco',
  list: NfeObservacao[] | null | undefined,
): string {
  let xml = '';
  const entries = listOf(issues, [KEY], key, list, MAX_OBSERVATIONS);
  for (let i = 0; i < entries.length; i++) {
    const path = [KEY, key, i];
    const entry = entries[i] as NfeObservacao;
    const campo = checkFieldName(issues, path, entry?.campo);
    const texto = checkText(issues, path, 'texto', entry?.texto, { min: 1, max: 60 });
    xml += `<${tag} xCampo="${escapeAttribute(campo ?? '')}"><xTexto>${escapeText(texto ?? '')}</xTexto></${tag}>`;
  }
  return xml;
}

/**
 * `<infAdic>`: infAdFisco? infCpl? obsCont{0..10} obsFisco{0..10} procRef{0..100}. Absent, or
 * with nothing in it: no group.
 */
export function renderInfAdic(
  issues: IssueList,
  info: NfeInformacoesAdicionais | null | undefined,
): string {
  if (!given(info)) return '';
  const fisco = given(info.fisco)
    ? checkText(issues, [KEY], 'fisco', info.fisco, { min: 1, max: 2000 })
    : undefined;
  const contribuinte = given(info.contribuinte)
    ? checkText(issues, [KEY], 'contribuinte', info.contribuinte, { min: 1, max: 5000 })
    : undefined;
  let xml =
    (fisco ? `<infAdFisco>${escapeText(fisco)}</infAdFisco>` : '') +
    (contribuinte ? `<infCpl>${escapeText(contribuinte)}</infCpl>` : '') +
    observations(issues, 'observacoes_contribuinte', 'obsCont', info.observacoes_contribuinte) +
    observations(issues, 'observacoes_fisco', 'obsFisco', info.observacoes_fisco);
  const processes = listOf(issues, [KEY], 'processos', info.processos, MAX_PROCESSES);
  for (let i = 0; i < processes.length; i++) {
    const path = [KEY, 'processos', i];
    const p = processes[i];
    const nProc = checkText(issues, path, 'numero', p?.numero, { min: 1, max: 60 });
    const indProc = checkLiteral(issues, path, 'origem', p?.origem, ['0', '1', '2', '3', '4', '9']);
    const tpAto = given(p?.tipo_ato)
      ? checkLiteral(issues, path, 'tipo_ato', p.tipo_ato, ['08', '10', '12', '14', '15'])
      : undefined;
    xml +=
      `<procRef><nProc>${escapeText(nProc ?? '')}</nProc><indProc>${indProc ?? ''}</indProc>` +
      `${tpAto ? `<tpAto>${tpAto}</tpAto>` : ''}</procRef>`;
  }
  return xml === '' ? '' : `<infAdic>${xml}</infAdic>`;
}
