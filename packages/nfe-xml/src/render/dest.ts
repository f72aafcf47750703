import type { NfeDestinatario } from '../types.js';
import { escapeText } from '../xml-escape.js';
import { checkCnpj, checkCpf } from '../validate/documents.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkPattern, checkText, given } from '../validate/text.js';
import { renderAddress } from './address.js';

/** Rejection 598: in homologação dest/xNome must be exactly this text. */
export const HOMOLOGACAO_DEST_NAME = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

const ADDRESS_FIELDS = [
  'address_street',
  'address_number',
  'address_complement',
  'address_district',
  'address_city',
  'address_city_ibge_code',
  'address_state',
  'address_zip',
] as const;

const INDICADORES_IE = ['1', '2', '9'] as const;

/**
 * `<dest>`: CNPJ|CPF xNome enderDest? indIEDest IE? email?. enderDest only when the request
 * gives an address (then all of TEndereco's required fields are needed).
 */
export function renderDest(
  issues: IssueList,
  d: NfeDestinatario,
  homologacao: boolean,
): { xml: string; uf: string | undefined } {
  const path = ['destinatario'];
  let doc = '';
  if (given(d.cnpj) && given(d.cpf)) {
    issues.add([...path, 'cpf'], 'cnpj_and_cpf', 'Give either cnpj or cpf, not both');
  } else if (given(d.cnpj)) {
    doc = `<CNPJ>${checkCnpj(issues, path, 'cnpj', d.cnpj) ?? ''}</CNPJ>`;
  } else if (given(d.cpf)) {
    doc = `<CPF>${checkCpf(issues, path, 'cpf', d.cpf) ?? ''}</CPF>`;
  } else {
    issues.add(
      [...path, 'cnpj'],
      'missing',
      'An identified recipient needs a cnpj or a cpf (omit destinatario for an unidentified consumer)',
    );
  }
  const name = checkText(issues, path, 'nome', d.nome, { min: 2, max: 60 });
  const xNome = homologacao ? HOMOLOGACAO_DEST_NAME : (name ?? '');
  const hasAddress = ADDRESS_FIELDS.some((field) => given(d[field]));
  const address = hasAddress
    ? `<enderDest>${renderAddress(issues, path, d, undefined)}</enderDest>`
    : '';
  const indIEDest = checkLiteral(issues, path, 'indicador_ie', d.indicador_ie, INDICADORES_IE);
  let ie = '';
  if (given(d.ie)) {
    ie = `<IE>${checkPattern(issues, path, 'ie', d.ie, /^\d{2,14}$/, '2 to 14 digits (TIeDestNaoIsento)') ?? ''}</IE>`;
  } else if (indIEDest === '1') {
    // indIEDest 1 = ICMS taxpayer: SEFAZ requires its IE.
    issues.add([...path, 'ie'], 'missing', 'indicador_ie 1 (ICMS taxpayer) requires the IE');
  }
  const email = given(d.email)
    ? checkText(issues, path, 'email', d.email, { min: 1, max: 60 })
    : undefined;
  return {
    xml:
      `<dest>${doc}<xNome>${escapeText(xNome)}</xNome>${address}<indIEDest>${indIEDest ?? ''}</indIEDest>${ie}` +
      `${email ? `<email>${escapeText(email)}</email>` : ''}</dest>`,
    uf: hasAddress && typeof d.address_state === 'string' ? d.address_state : undefined,
  };
}
