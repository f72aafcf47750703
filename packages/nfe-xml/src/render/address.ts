import type { IssuePath } from '../errors.js';
import { ufInfo } from '../ufs.js';
import { escapeText } from '../xml-escape.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern, checkText, given } from '../validate/text.js';

/** The address fields as the request names them (emitente and destinatario share the names). */
export interface AddressFields {
  address_street?: string | null;
  address_number?: string | null;
  address_complement?: string | null;
  address_district?: string | null;
  address_city?: string | null;
  address_city_ibge_code?: string | null;
  address_state?: string | null;
  address_zip?: string | null;
}

const CITY_CODE = /^\d{7}$/;
const CEP = /^\d{8}$/;
const PHONE = /^\d{6,14}$/;

/** A real state (TUfEmi): anything else — including `EX` (abroad, not supported) — is `unknown_uf`. */
export function checkUf(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
): string | undefined {
  if (typeof value === 'string' && ufInfo(value)) return value;
  issues.at(
    parent,
    key,
    value === undefined || value === null ? 'missing' : 'unknown_uf',
    'Input should be a Brazilian state code (UF), e.g. SP',
  );
  return undefined;
}

/**
 * TEnderEmi / TEndereco content, in order: xLgr nro xCpl? xBairro cMun xMun UF CEP cPais xPais fone?.
 * The IBGE city code must belong to the state (its first two digits are the cUF).
 */
export function renderAddress(
  issues: IssueList,
  path: IssuePath,
  a: AddressFields,
  fone: string | null | undefined,
): string {
  const xLgr = checkText(issues, path, 'address_street', a.address_street, { min: 2, max: 60 });
  const nro = checkText(issues, path, 'address_number', a.address_number, { min: 1, max: 60 });
  const xCpl = given(a.address_complement)
    ? checkText(issues, path, 'address_complement', a.address_complement, { min: 1, max: 60 })
    : undefined;
  const xBairro = checkText(issues, path, 'address_district', a.address_district, {
    min: 2,
    max: 60,
  });
  const cMun = checkPattern(
    issues,
    path,
    'address_city_ibge_code',
    a.address_city_ibge_code,
    CITY_CODE,
    '7 digits (IBGE city code)',
  );
  const xMun = checkText(issues, path, 'address_city', a.address_city, { min: 2, max: 60 });
  const uf = checkUf(issues, path, 'address_state', a.address_state);
  const cep = checkPattern(issues, path, 'address_zip', a.address_zip, CEP, '8 digits (CEP)');
  const phone = given(fone)
    ? checkPattern(issues, path, 'fone', fone, PHONE, '6 to 14 digits (fone)')
    : undefined;
  if (cMun && uf && cMun.slice(0, 2) !== ufInfo(uf)?.cUF) {
    issues.add(
      [...path, 'address_city_ibge_code'],
      'city_state_mismatch',
      `IBGE city code ${cMun} is not in ${uf}`,
    );
  }
  return (
    `<xLgr>${escapeText(xLgr ?? '')}</xLgr><nro>${escapeText(nro ?? '')}</nro>${xCpl ? `<xCpl>${escapeText(xCpl)}</xCpl>` : ''}` +
    `<xBairro>${escapeText(xBairro ?? '')}</xBairro><cMun>${cMun ?? ''}</cMun><xMun>${escapeText(xMun ?? '')}</xMun>` +
    `<UF>${uf ?? ''}</UF><CEP>${cep ?? ''}</CEP><cPais>1058</cPais><xPais>BRASIL</xPais>${phone ? `<fone>${phone}</fone>` : ''}`
  );
}
