import type { IssuePath } from '../errors.js';
import type { NfeDestinatario } from '../types.js';
import { escapeText } from '../xml-escape.js';
import { checkCnpj, checkCpf } from '../validate/documents.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkPattern, checkText, given } from '../validate/text.js';
import { renderOpenAddress } from './address.js';

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
  'address_country_code',
  'address_country',
] as const;

const INDICADORES_IE = ['1', '2', '9'] as const;

/** idEstrangeiro: empty (a foreigner without a document) or 5–20 characters of `[!-ÿ]`. */
const ID_ESTRANGEIRO = /^(?:[\x21-\x7E\xA0-\xFF]{5,20})?$/;
const SUFRAMA = /^\d{8,9}$/;

/** What the rules beyond `<dest>` read of the recipient. */
export interface RenderedDest {
  readonly xml: string;
  /** enderDest/UF when an address is given (`EX` abroad). */
  readonly uf: string | undefined;
  readonly cnpj: string | undefined;
  readonly cpf: string | undefined;
  /** Whether the recipient is identified by idEstrangeiro. */
  readonly foreign: boolean;
  /** enderDest/cPais as the request gives it (BACEN code), when it does. */
  readonly country?: string;
}

interface Identification {
  readonly xml: string;
  readonly cnpj: string | undefined;
  readonly cpf: string | undefined;
  readonly foreign: boolean;
}

const UNIDENTIFIED: Identification = { xml: '', cnpj: undefined, cpf: undefined, foreign: false };

/** CNPJ | CPF | idEstrangeiro: exactly one. */
function identification(issues: IssueList, path: IssuePath, d: NfeDestinatario): Identification {
  const hasCnpj = given(d.cnpj);
  const hasCpf = given(d.cpf);
  const hasForeignId = given(d.id_estrangeiro);
  if (Number(hasCnpj) + Number(hasCpf) + Number(hasForeignId) > 1) {
    issues.at(
      path,
      hasCnpj ? (hasCpf ? 'cpf' : 'id_estrangeiro') : 'id_estrangeiro',
      'cnpj_and_cpf',
      'Give one of cnpj, cpf or id_estrangeiro, not several',
    );
    return UNIDENTIFIED;
  }
  if (hasCnpj) {
    const cnpj = checkCnpj(issues, path, 'cnpj', d.cnpj);
    return { xml: `<CNPJ>${cnpj ?? ''}</CNPJ>`, cnpj, cpf: undefined, foreign: false };
  }
  if (hasCpf) {
    const cpf = checkCpf(issues, path, 'cpf', d.cpf);
    return { xml: `<CPF>${cpf ?? ''}</CPF>`, cnpj: undefined, cpf, foreign: false };
  }
  if (given(d.id_estrangeiro)) {
    const id = checkPattern(
      issues,
      path,
      'id_estrangeiro',
      d.id_estrangeiro,
      ID_ESTRANGEIRO,
      'empty or 5 to 20 characters without spaces (idEstrangeiro)',
    );
    return {
      xml: `<idEstrangeiro>${escapeText(id ?? '')}</idEstrangeiro>`,
      cnpj: undefined,
      cpf: undefined,
      foreign: true,
    };
  }
  issues.at(
    path,
    'cnpj',
    'missing',
    'An identified recipient needs a cnpj, a cpf or (abroad) an id_estrangeiro; omit destinatario for an unidentified consumer',
  );
  return UNIDENTIFIED;
}

/**
 * `<dest>`: CNPJ|CPF|idEstrangeiro xNome enderDest? indIEDest IE? ISUF? IM? email?. enderDest only
 * when the request gives an address (then all of TEndereco's required fields are needed; abroad,
 * UF EX).
 */
export function renderDest(
  issues: IssueList,
  d: NfeDestinatario,
  homologacao: boolean,
): RenderedDest {
  const path = ['destinatario'];
  const id = identification(issues, path, d);
  const name = checkText(issues, path, 'nome', d.nome, { min: 2, max: 60 });
  const xNome = homologacao ? HOMOLOGACAO_DEST_NAME : (name ?? '');
  const hasAddress = ADDRESS_FIELDS.some((field) => given(d[field]));
  // enderDest/fone is part of the address: a phone alone has no place to go.
  if (given(d.fone) && !hasAddress)
    issues.at(
      path,
      'fone',
      'address_required',
      'fone is written in enderDest: give the address too',
    );
  const address = hasAddress
    ? renderOpenAddress(issues, path, d, d.fone, {
        abroadCity: {
          code: 509,
          text: 'Informado código de município diferente de “9999999” para operação com o exterior',
        },
        cityOfAnotherState: {
          code: 275,
          text: 'Código Município do Destinatário: difere da UF do Destinatário',
        },
        // cPais answers to the operation's destination: checkForeignOperation's.
        countryByCaller: true,
      })
    : undefined;
  const indIEDest = checkLiteral(issues, path, 'indicador_ie', d.indicador_ie, INDICADORES_IE);
  let ie = '';
  if (given(d.ie)) {
    ie = `<IE>${checkPattern(issues, path, 'ie', d.ie, /^\d{2,14}$/, '2 to 14 digits (TIeDestNaoIsento)') ?? ''}</IE>`;
  } else if (indIEDest === '1') {
    // indIEDest 1 = ICMS taxpayer: SEFAZ requires its IE.
    issues.add([...path, 'ie'], 'missing', 'indicador_ie 1 (ICMS taxpayer) requires the IE');
  }
  const isuf = given(d.inscricao_suframa)
    ? checkPattern(
        issues,
        path,
        'inscricao_suframa',
        d.inscricao_suframa,
        SUFRAMA,
        '8 or 9 digits (ISUF)',
      )
    : undefined;
  const im = given(d.inscricao_municipal)
    ? checkText(issues, path, 'inscricao_municipal', d.inscricao_municipal, { min: 1, max: 15 })
    : undefined;
  const email = given(d.email)
    ? checkText(issues, path, 'email', d.email, { min: 1, max: 60 })
    : undefined;
  return {
    xml:
      `<dest>${id.xml}<xNome>${escapeText(xNome)}</xNome>${address ? `<enderDest>${address.xml}</enderDest>` : ''}` +
      `<indIEDest>${indIEDest ?? ''}</indIEDest>${ie}${isuf ? `<ISUF>${isuf}</ISUF>` : ''}` +
      `${im ? `<IM>${escapeText(im)}</IM>` : ''}${email ? `<email>${escapeText(email)}</email>` : ''}</dest>`,
    uf: address?.uf,
    cnpj: id.cnpj,
    cpf: id.cpf,
    foreign: id.foreign,
    ...(address?.country !== undefined ? { country: address.country } : {}),
  };
}
