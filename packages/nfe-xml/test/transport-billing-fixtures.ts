import {
  buildNfe,
  type NfeDestinatario,
  type NfeIssue,
  type NfeRenderParams,
  type NfeRequest,
  NfeValidationError,
  prepareNfe,
} from '../src/index.js';
import type { PrepareOptions } from '../src/prepare.js';
import { PARAMS, request } from './fixtures.js';

/** A carrier whose CNPJ root differs from the emitter's (58716523) and the recipient's. */
export const CARRIER_CNPJ = '33333333000191';
/** A company recipient (CNPJ root 06929383). */
export const COMPANY: NfeDestinatario = {
  nome: 'CLIENTE LTDA',
  indicador_ie: '1',
  cnpj: '06929383000163',
  ie: '0018000762',
};
/** PARAMS's dhEmi (2026-11-21T22:30Z) in São Paulo. */
export const ISSUE_DATE = '2026-11-21';

/** The XML of the base request (500.00, Simples Nacional, SP) with `overrides`. */
export function build(
  overrides: Partial<NfeRequest>,
  params: Partial<NfeRenderParams> = {},
): string {
  return buildNfe({ ...request(overrides), ...PARAMS, ...params }).xml;
}

function issuesOf(fn: () => unknown): readonly NfeIssue[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof NfeValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected an NfeValidationError');
}

/** The issues of the base request with `overrides`, as buildNfe (issue date known) reports them. */
export function issues(overrides: Partial<NfeRequest>): readonly NfeIssue[] {
  return issuesOf(() => buildNfe({ ...request(overrides), ...PARAMS }));
}

/** The issues prepareNfe alone reports (no issue date unless given). */
export function prepareIssues(
  overrides: Partial<NfeRequest>,
  options: PrepareOptions = {},
): readonly NfeIssue[] {
  return issuesOf(() => prepareNfe(request(overrides), options));
}

/** `found` holds exactly one issue at `path`, of `type`, whose message contains `text`. */
export function issueAt(
  found: readonly NfeIssue[],
  path: (string | number)[],
  type: string,
  text = '',
): NfeIssue {
  const at = found.filter((i) => JSON.stringify(i.path) === JSON.stringify(path));
  const match = at.find((i) => i.type === type && i.message.includes(text));
  if (!match)
    throw new Error(
      `no ${type} issue at ${path.join('.')} containing "${text}"; found ${JSON.stringify(found)}`,
    );
  return match;
}

/** The text between `<tag>` and `</tag>` (first occurrence), or undefined. */
export function section(xml: string, tag: string): string | undefined {
  const start = xml.indexOf(`<${tag}>`);
  const end = xml.indexOf(`</${tag}>`);
  return start < 0 || end < 0 ? undefined : xml.slice(start, end + tag.length + 3);
}
