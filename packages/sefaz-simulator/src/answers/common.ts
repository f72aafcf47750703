import { escapeText } from '@emissor/nfe-xml';

/** `verAplic` of every answer (TVerAplic, 1–20 characters). */
export const VER_APLIC = 'EMISSOR-SIM-1.0';

/** The simulator only serves homologação. */
export const TP_AMB_HOMOLOGACAO = '2';

/** `<name>value</name>` with the text escaped. */
export const el = (name: string, value: string): string =>
  `<${name}>${escapeText(value)}</${name}>`;

/** Like `el`, but nothing when the value is absent. */
export const optional = (name: string, value: string | undefined): string =>
  value === undefined ? '' : el(name, value);
