import type { NfeEmitente } from '../types.js';
import { escapeText } from '../xml-escape.js';
import { checkCnpj } from '../validate/documents.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkPattern, checkText, given } from '../validate/text.js';
import { renderAddress } from './address.js';

export const CRTS = ['1', '2', '3', '4'] as const;

/** `<emit>`: CNPJ xNome xFant? enderEmit IE CRT (leiauteNFe, emit). */
export function renderEmit(issues: IssueList, e: NfeEmitente): string {
  const path = ['emitente'];
  const cnpj = checkCnpj(issues, path, 'cnpj', e.cnpj);
  const xNome = checkText(issues, path, 'razao_social', e.razao_social, { min: 2, max: 60 });
  const xFant = given(e.nome_fantasia)
    ? checkText(issues, path, 'nome_fantasia', e.nome_fantasia, { min: 1, max: 60 })
    : undefined;
  const address = renderAddress(issues, path, e, e.fone);
  const ie = checkPattern(
    issues,
    path,
    'ie',
    e.ie,
    /^(\d{2,14}|ISENTO)$/,
    '2 to 14 digits or ISENTO (TIe)',
  );
  const crt = checkLiteral(issues, path, 'crt', e.crt, CRTS);
  return (
    `<emit><CNPJ>${cnpj ?? ''}</CNPJ><xNome>${escapeText(xNome ?? '')}</xNome>${xFant ? `<xFant>${escapeText(xFant)}</xFant>` : ''}` +
    `<enderEmit>${address}</enderEmit><IE>${ie ?? ''}</IE><CRT>${crt ?? ''}</CRT></emit>`
  );
}
