import type { IssuePath } from '../errors.js';
import type { NfeEmitente } from '../types.js';
import { escapeText } from '../xml-escape.js';
import { checkCnpj } from '../validate/documents.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkPattern, checkText, given } from '../validate/text.js';
import { renderAddress } from './address.js';

export const CRTS = ['1', '2', '3', '4'] as const;

const IE_ST = /^\d{2,14}$/;
const CNAE = /^\d{7}$/;

/**
 * IEST? (IM CNAE?)?: the IE as tax substitute in another state, and the city hall's group — the
 * layout writes CNAE only after an IM.
 */
function registrations(issues: IssueList, path: IssuePath, e: NfeEmitente): string {
  const iest = given(e.ie_st)
    ? checkPattern(issues, path, 'ie_st', e.ie_st, IE_ST, '2 to 14 digits (TIeST)')
    : undefined;
  const im = given(e.inscricao_municipal)
    ? checkText(issues, path, 'inscricao_municipal', e.inscricao_municipal, { min: 1, max: 15 })
    : undefined;
  const cnae = given(e.cnae)
    ? checkPattern(issues, path, 'cnae', e.cnae, CNAE, '7 digits (CNAE Fiscal)')
    : undefined;
  if (given(e.cnae) && !given(e.inscricao_municipal))
    issues.at(
      path,
      'inscricao_municipal',
      'missing',
      'cnae (emit/CNAE) is written only with the inscricao_municipal (emit/IM): give both',
    );
  return (
    (iest ? `<IEST>${iest}</IEST>` : '') +
    (im ? `<IM>${escapeText(im)}</IM>${cnae ? `<CNAE>${cnae}</CNAE>` : ''}` : '')
  );
}

/** `<emit>`: CNPJ xNome xFant? enderEmit IE IEST? (IM CNAE?)? CRT (leiauteNFe, emit). */
export function renderEmit(issues: IssueList, e: NfeEmitente): string {
  const path: IssuePath = ['emitente'];
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
  const extra = registrations(issues, path, e);
  const crt = checkLiteral(issues, path, 'crt', e.crt, CRTS);
  return (
    `<emit><CNPJ>${cnpj ?? ''}</CNPJ><xNome>${escapeText(xNome ?? '')}</xNome>${xFant ? `<xFant>${escapeText(xFant)}</xFant>` : ''}` +
    `<enderEmit>${address}</enderEmit><IE>${ie ?? ''}</IE>${extra}<CRT>${crt ?? ''}</CRT></emit>`
  );
}
