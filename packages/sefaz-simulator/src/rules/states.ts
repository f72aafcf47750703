import { ufInfo } from '@emissor/nfe-xml';

const STATES = [
  'RO',
  'AC',
  'AM',
  'RR',
  'PA',
  'AP',
  'TO',
  'MA',
  'PI',
  'CE',
  'RN',
  'PB',
  'PE',
  'AL',
  'SE',
  'BA',
  'MG',
  'ES',
  'RJ',
  'SP',
  'PR',
  'SC',
  'RS',
  'MS',
  'MT',
  'GO',
  'DF',
];

/** The IBGE codes of the 27 states (TCodUfIBGE): the first two digits of every chave. */
export const STATE_CODES: ReadonlySet<string> = new Set(
  STATES.flatMap((uf) => ufInfo(uf)?.cUF ?? []),
);

/** The IBGE code of a state's abbreviation (`SP` → `35`); undefined for EX or anything else. */
export const stateCode = (uf: string | undefined): string | undefined =>
  uf === undefined ? undefined : ufInfo(uf)?.cUF;
