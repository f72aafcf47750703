import { ResponsavelTecnico } from '@emissor/nfe-xml/responsavel-tecnico';

/*
 * The responsável técnico of the deployment (the software house that runs it) from RESP_TEC_*:
 * set, every NF-e carries infRespTec. Checked with the builder's own rules at start-up, so a
 * misconfigured value stops the API with the variable's name rather than reaching SEFAZ. The
 * subpath import keeps the rest of the NF-e builder out of a cluster's primary process.
 */

/** The variables, each with the key the builder's configuration uses. */
const VARIABLES = {
  RESP_TEC_CNPJ: 'cnpj',
  RESP_TEC_CONTATO: 'contato',
  RESP_TEC_EMAIL: 'email',
  RESP_TEC_FONE: 'fone',
  RESP_TEC_CSRT_ID: 'csrt_id',
  RESP_TEC_CSRT: 'csrt',
} as const;

export type RespTecVariable = keyof typeof VARIABLES;
type Key = (typeof VARIABLES)[RespTecVariable];

const REQUIRED: readonly RespTecVariable[] = [
  'RESP_TEC_CNPJ',
  'RESP_TEC_CONTATO',
  'RESP_TEC_EMAIL',
  'RESP_TEC_FONE',
];

const variableOf = (key: unknown): string =>
  Object.entries(VARIABLES).find(([, k]) => k === key)?.[0] ?? 'RESP_TEC_*';

/**
 * The configured responsável técnico (undefined when no RESP_TEC_* is set), or the problems, one
 * line per variable. Messages name the variable and never hold its value (RESP_TEC_CSRT is a
 * secret).
 */
export function responsavelTecnicoFromEnv(env: Partial<Record<RespTecVariable, string>>): {
  value?: ResponsavelTecnico;
  problems: string[];
} {
  const set = (Object.keys(VARIABLES) as RespTecVariable[]).filter(
    (name) => env[name] !== undefined,
  );
  if (set.length === 0) return { problems: [] };
  const missing = REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length > 0)
    return {
      problems: missing.map(
        (name) =>
          `  ${name}: required with the other RESP_TEC_* (${set.join(', ')} set): every NF-e then carries infRespTec`,
      ),
    };
  const input = Object.fromEntries(set.map((name) => [VARIABLES[name], env[name]])) as Record<
    Key,
    string
  > & { cnpj: string; contato: string; email: string; fone: string };
  const issues = ResponsavelTecnico.check(input);
  if (issues.length > 0)
    return { problems: issues.map((issue) => `  ${variableOf(issue.path[0])}: ${issue.message}`) };
  return { value: ResponsavelTecnico.from(input), problems: [] };
}
