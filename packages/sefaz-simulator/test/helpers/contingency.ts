import { modulo11CheckDigit } from '@emissor/nfe-xml';

import type { Company } from './companies.js';
import type { NoteOptions } from './documents.js';
import { signedNfe } from './documents.js';

/** ide's contingency fields: tpEmis, and dhCont/xJust (null leaves one out). */
export interface ContingencyFields {
  readonly tpEmis: string;
  /** Default: ten minutes ago. */
  readonly dhCont?: Date | null;
  readonly xJust?: string | null;
}

export const CONTINGENCY_REASON = 'SEFAZ de origem fora do ar, SVC ativada pela UF';

/** `2026-11-26T09:00:00-03:00`: TDateTimeUTC in Brasília time, as dhEmi is written. */
const brasilia = (at: Date): string =>
  `${new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;

/**
 * An unsigned NF-e of @emissor/nfe-xml (tpEmis 1) issued again in contingency, as an issuer does
 * for the SVC: ide/tpEmis replaced, dhCont and xJust after verProc, and the chave's 35th digit
 * with its check digit (also cDV and infNFe/@Id) following.
 */
export function inContingency(
  xml: string,
  fields: ContingencyFields,
): { xml: string; chave: string } {
  const chave = /Id="NFe(\d{44})"/.exec(xml)?.[1] ?? '';
  const first43 = chave.slice(0, 34) + fields.tpEmis + chave.slice(35, 43);
  const next = first43 + modulo11CheckDigit(first43);
  const dhCont =
    fields.dhCont === null
      ? ''
      : `<dhCont>${brasilia(fields.dhCont ?? new Date(Date.now() - 600_000))}</dhCont>`;
  const xJust = fields.xJust === null ? '' : `<xJust>${fields.xJust ?? CONTINGENCY_REASON}</xJust>`;
  return {
    chave: next,
    xml: xml
      .replace(`Id="NFe${chave}"`, `Id="NFe${next}"`)
      .replace('<tpEmis>1</tpEmis>', `<tpEmis>${fields.tpEmis}</tpEmis>`)
      .replace(/<cDV>\d<\/cDV>/, `<cDV>${next.charAt(43)}</cDV>`)
      .replace('</verProc>', `</verProc>${dhCont}${xJust}`),
  };
}

/** A signed NF-e of `company` (as `signedNfe`) issued in contingency with `fields`. */
export function signedContingencyNfe(
  company: Company,
  options: NoteOptions,
  fields: ContingencyFields,
): { xml: string; chave: string } {
  let chave = '';
  const { xml } = signedNfe(company, {
    ...options,
    beforeSigning: (built) => {
      const reissued = inContingency(options.beforeSigning?.(built) ?? built, fields);
      chave = reissued.chave;
      return reissued.xml;
    },
  });
  return { xml, chave };
}
