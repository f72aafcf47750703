import type { IssuePath } from '../errors.js';
import { ufInfo } from '../ufs.js';
import { escapeText } from '../xml-escape.js';
import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
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
  /** cPais (BACEN country table), for the addresses that may be abroad (dest, retirada, entrega). */
  address_country_code?: string | null;
  /** xPais. */
  address_country?: string | null;
}

const CITY_CODE = /^\d{7}$/;
const CEP = /^\d{8}$/;
const PHONE = /^\d{6,14}$/;

/** A real state (TUfEmi): anything else — `EX` (abroad) included — is `unknown_uf`. */
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

/** What an address in Brazil may add to the layout's checks. */
export interface BrazilianAddressRules {
  /** The rejection of a city code of another state (dest 275, retirada 277, entrega 279). */
  readonly cityOfAnotherState?: Rejection;
  /** cPais as the request gives it (its rules are the caller's); 1058 otherwise. */
  readonly cPais?: string;
}

/**
 * TEnderEmi / TEndereco content, in order: xLgr nro xCpl? xBairro cMun xMun UF CEP cPais xPais fone?.
 * The IBGE city code must belong to the state (its first two digits are the cUF). cPais is 1058,
 * xPais BRASIL unless the request names the country otherwise.
 */
export function renderAddress(
  issues: IssueList,
  path: IssuePath,
  a: AddressFields,
  fone: string | null | undefined,
  xPais: string | null = 'BRASIL',
  rules: BrazilianAddressRules = {},
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
    const problem = `IBGE city code ${cMun} is not in ${uf}`;
    if (rules.cityOfAnotherState)
      ruleIssue(issues, [...path, 'address_city_ibge_code'], rules.cityOfAnotherState, problem);
    else issues.add([...path, 'address_city_ibge_code'], 'city_state_mismatch', problem);
  }
  return (
    `<xLgr>${escapeText(xLgr ?? '')}</xLgr><nro>${escapeText(nro ?? '')}</nro>${xCpl ? `<xCpl>${escapeText(xCpl)}</xCpl>` : ''}` +
    `<xBairro>${escapeText(xBairro ?? '')}</xBairro><cMun>${cMun ?? ''}</cMun><xMun>${escapeText(xMun ?? '')}</xMun>` +
    `<UF>${uf ?? ''}</UF><CEP>${cep ?? ''}</CEP><cPais>${rules.cPais ?? BRASIL}</cPais>${xPais === null ? '' : `<xPais>${escapeText(xPais)}</xPais>`}${phone ? `<fone>${phone}</fone>` : ''}`
  );
}

/** TUf's code for a place abroad, and the city code the layout gives every place there. */
export const ABROAD = 'EX';
const ABROAD_CITY = '9999999';
const BRASIL = '1058';
const COUNTRY_CODE = /^\d{1,4}$/;

/** The SEFAZ rules an address that may be abroad answers to; they differ by group. */
export interface OpenAddressRules {
  /** UF EX with a city code other than 9999999 (dest 509, retirada 513, entrega 515). */
  readonly abroadCity: Rejection;
  /** A place in Brazil with a city code of another state (dest 275, retirada 277, entrega 279). */
  readonly cityOfAnotherState?: Rejection;
  /**
   * Whether the country code's rules are the caller's (the recipient's, which depend on the
   * operation's destination): then any BACEN code is written as given, and none is required.
   * Otherwise a place in Brazil is in 1058 and one abroad needs another country.
   */
  readonly countryByCaller?: boolean;
}

/**
 * TEndereco / TLocal content, for the places that may be abroad: in Brazil exactly as
 * `renderAddress` (cPais 1058; xPais as address_country gives it); with UF `EX`, cMun 9999999 (the
 * default), xMun the city's name (default EXTERIOR), CEP optional and cPais another country's.
 * Returns the XML, the UF written and the country code the request gives.
 */
export function renderOpenAddress(
  issues: IssueList,
  path: IssuePath,
  a: AddressFields,
  fone: string | null | undefined,
  rules: OpenAddressRules,
): { xml: string; uf: string | undefined; country?: string } {
  const country = given(a.address_country_code)
    ? checkPattern(
        issues,
        path,
        'address_country_code',
        a.address_country_code,
        COUNTRY_CODE,
        '1 to 4 digits (BACEN country code)',
      )
    : undefined;
  const countryField = country === undefined ? {} : { country };
  if (a.address_state !== ABROAD) {
    if (country !== undefined && country !== BRASIL && !rules.countryByCaller)
      issues.at(
        path,
        'address_country_code',
        'country_state_mismatch',
        `a place in Brazil has country code ${BRASIL}; abroad, address_state is EX`,
      );
    // Another country's code without its name: no xPais, rather than BRASIL.
    const xPais = given(a.address_country)
      ? checkText(issues, path, 'address_country', a.address_country, { min: 2, max: 60 })
      : country !== undefined && country !== BRASIL
        ? null
        : undefined;
    return {
      xml: renderAddress(issues, path, a, fone, xPais, {
        ...(rules.cityOfAnotherState ? { cityOfAnotherState: rules.cityOfAnotherState } : {}),
        ...(rules.countryByCaller && country !== undefined ? { cPais: country } : {}),
      }),
      uf: typeof a.address_state === 'string' ? a.address_state : undefined,
      ...countryField,
    };
  }
  const xLgr = checkText(issues, path, 'address_street', a.address_street, { min: 2, max: 60 });
  const nro = checkText(issues, path, 'address_number', a.address_number, { min: 1, max: 60 });
  const xCpl = given(a.address_complement)
    ? checkText(issues, path, 'address_complement', a.address_complement, { min: 1, max: 60 })
    : undefined;
  const xBairro = checkText(issues, path, 'address_district', a.address_district, {
    min: 2,
    max: 60,
  });
  if (given(a.address_city_ibge_code) && a.address_city_ibge_code !== ABROAD_CITY)
    ruleIssue(
      issues,
      [...path, 'address_city_ibge_code'],
      rules.abroadCity,
      `a place abroad (UF EX) has city code ${ABROAD_CITY}`,
    );
  const xMun = given(a.address_city)
    ? checkText(issues, path, 'address_city', a.address_city, { min: 2, max: 60 })
    : 'EXTERIOR';
  const cep = given(a.address_zip)
    ? checkPattern(issues, path, 'address_zip', a.address_zip, CEP, '8 digits (CEP)')
    : undefined;
  if (!rules.countryByCaller && (!given(a.address_country_code) || country === BRASIL))
    issues.at(
      path,
      'address_country_code',
      given(a.address_country_code) ? 'country_state_mismatch' : 'missing',
      `a place abroad (UF EX) needs its country's BACEN code in address_country_code, not ${BRASIL}`,
    );
  const xPais = given(a.address_country)
    ? checkText(issues, path, 'address_country', a.address_country, { min: 2, max: 60 })
    : undefined;
  const phone = given(fone)
    ? checkPattern(issues, path, 'fone', fone, PHONE, '6 to 14 digits (fone)')
    : undefined;
  return {
    xml:
      `<xLgr>${escapeText(xLgr ?? '')}</xLgr><nro>${escapeText(nro ?? '')}</nro>${xCpl ? `<xCpl>${escapeText(xCpl)}</xCpl>` : ''}` +
      `<xBairro>${escapeText(xBairro ?? '')}</xBairro><cMun>${ABROAD_CITY}</cMun><xMun>${escapeText(xMun ?? '')}</xMun>` +
      `<UF>${ABROAD}</UF>${cep ? `<CEP>${cep}</CEP>` : ''}${country !== undefined ? `<cPais>${country}</cPais>` : ''}` +
      `${xPais ? `<xPais>${escapeText(xPais)}</xPais>` : ''}${phone ? `<fone>${phone}</fone>` : ''}`,
    uf: ABROAD,
    ...countryField,
  };
}
