import type { IssueList } from '../validate/issues.js';
import { checkCnpjWithDigits } from '../validate/cnpj-with-digits.js';
import { checkPattern, checkText, given } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';
import type { TaxLine } from './tax-lines.js';

/** cSelo: TString of 1–60 characters. */
const SEAL = { min: 1, max: 60 };
/** qSelo: 1–12 digits. */
const SEAL_COUNT = /^[0-9]{1,12}$/;

/**
 * The first elements of TIpi, before cEnq: CNPJProd (the producer, when the emitter is not),
 * cSelo (the IPI control seal) and qSelo (how many), from the ipi line.
 */
export function ipiProducerFields(issues: IssueList, line: TaxLine): string {
  const { raw, path } = line;
  let xml = '';
  if (given(raw.cnpj_produtor)) {
    // No rejection of its own (489 is prod/CNPJFab's): refused as a CNPJ that does not exist.
    const cnpj = checkCnpjWithDigits(issues, path, 'cnpj_produtor', raw.cnpj_produtor);
    xml += `<CNPJProd>${cnpj ?? ''}</CNPJProd>`;
  }
  if (given(raw.selo_controle)) {
    const seal = checkText(issues, path, 'selo_controle', raw.selo_controle, SEAL);
    xml += `<cSelo>${escapeText(seal ?? '')}</cSelo>`;
  }
  if (given(raw.quantidade_selo)) {
    const count = checkPattern(
      issues,
      path,
      'quantidade_selo',
      raw.quantidade_selo,
      SEAL_COUNT,
      '1–12 digits (qSelo)',
    );
    xml += `<qSelo>${count ?? ''}</qSelo>`;
  }
  return xml;
}
