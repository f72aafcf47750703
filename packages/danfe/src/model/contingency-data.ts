import { roundDecimal, isZeroDecimal } from '../format/decimal.js';
import { checkDigit } from './key.js';
import type { NfeData } from './types.js';

/** IBGE codes of the states (cUF). */
const UF_CODES: Readonly<Record<string, string>> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17', MA: '21', PI: '22',
  CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29', MG: '31', ES: '32',
  RJ: '33', SP: '35', PR: '41', SC: '42', RS: '43', MS: '50', MT: '51', GO: '52', DF: '53',
}; // prettier-ignore

/** Emission types printed on security paper: 2 = FS-IA, 5 = FS-DA (MOC Anexo II §3.9.2). */
const SECURITY_PAPER = new Set(['2', '5']);

/**
 * The 36 digits of the "Dados da NF-e" barcode a DANFE printed on security paper carries
 * (MOC Anexo II §3.9.2), or `undefined` for other emission types: cUF of the recipient (99 abroad),
 * tpEmis, the recipient's CNPJ or CPF (zeros abroad), vNF in cents, 1/2 for own ICMS and for ICMS
 * ST shown, the day of issue and a check digit computed like the chave's; all zero-padded.
 */
export function contingencyData(nfe: NfeData): string | undefined {
  if (!SECURITY_PAPER.has(nfe.emissionType)) return undefined;
  const recipient = nfe.recipient;
  const uf = recipient?.address.uf;
  const abroad =
    uf === 'EX' ||
    (recipient?.document !== undefined && !/^[0-9A-Z]{11,14}$/.test(recipient.document));
  const cUF = abroad ? '99' : ((uf && UF_CODES[uf]) ?? '00');
  const document = abroad ? '' : (recipient?.document ?? '');
  const cents = roundDecimal(nfe.totals.invoice, 2).replace('.', '').replace('-', '');
  const shown = (value: string | undefined): string =>
    value !== undefined && !isZeroDecimal(value) ? '1' : '2';
  const day = /^\d{4}-\d{2}-(\d{2})/.exec(nfe.issuedAt)?.[1] ?? '00';
  const first35 =
    cUF +
    nfe.emissionType +
    document.padStart(14, '0') +
    cents.padStart(14, '0') +
    shown(nfe.totals.icms) +
    shown(nfe.totals.icmsSt) +
    day;
  return first35 + checkDigit(first35);
}
