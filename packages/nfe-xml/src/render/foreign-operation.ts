import type { NfeRequest } from '../types.js';
import type { IssuePath } from '../errors.js';
import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { given } from '../validate/text.js';
import { ABROAD } from './address.js';
import type { RenderedDest } from './dest.js';
import type { IdeFragments } from './ide.js';

/*
 * The rules tying idDest 3 (`uf_destino_tipo` exterior) and a foreign recipient to the rest of the
 * NF-e, as MOC 7.0 Anexo I has them (groups E and ZA, I08-94): an export's recipient is abroad,
 * identified by idEstrangeiro, not an ICMS taxpayer, with its country; a foreign recipient of an
 * operation inside Brazil is a final consumer (a tourist) and not interstate; an export names
 * where the goods leave the country, and only an export does.
 */

const BRASIL = '1058';
/** Fuel sold to a consumer established in another state: the exception of I08-94. */
const FUEL_TO_ANOTHER_STATE = '6667';

const rejection = (code: number, text: string): Rejection => ({ code, text });
const NO_FOREIGN_ID = rejection(
  720,
  'Na operação com Exterior deve ser informada tag idEstrangeiro',
);
const FOREIGN_NOT_FINAL = rejection(
  721,
  'Informado idEstrangeiro e Operação não é com consumidor final.',
);
const NOT_EX = rejection(727, 'Operação com Exterior e UF diferente de EX');
const FOREIGN_INTERSTATE = rejection(771, 'Informado idEstrangeiro em operação interestadual');
const TAXPAYER_ABROAD = rejection(
  790,
  'Operação com Exterior para destinatário Contribuinte de ICMS',
);
const IE_ABROAD = rejection(
  792,
  'Informada a IE do destinatário para operação com destinatário no Exterior',
);
const FOREIGN_WITH_IE = rejection(
  925,
  'NF-e com identificação de estrangeiro e inscrição estadual informada para destinatário',
);
const COUNTRY_OF_EXPORT = rejection(
  510,
  'Operação com Exterior e Código País destinatário é 1058 (Brasil) ou não informado',
);
const COUNTRY_AT_HOME = rejection(
  511,
  'Não é de Operação com Exterior e Código País destinatário difere de 1058 (Brasil)',
);
const BRASIL_ABROAD = rejection(926, 'Operação com Exterior e país de destino igual a Brasil.');
const NO_EXIT_PLACE = rejection(355, 'Informar o local de saída do Pais no caso da exportação');
const EXIT_PLACE_NOT_EXPORT = rejection(
  356,
  'Informar o local de saída do Pais somente no caso da exportação',
);

const DEST: IssuePath = ['destinatario'];

/** ZA01-10/20 (355, 356): an export (tpNF 1, idDest 3) names where it leaves; nothing else does. */
function checkExitPlace(issues: IssueList, r: NfeRequest, exporting: boolean): void {
  if (exporting && !given(r.exportacao))
    ruleIssue(
      issues,
      ['exportacao'],
      NO_EXIT_PLACE,
      'an export (tp_nf 1, uf_destino_tipo exterior) names where the goods leave the country: give exportacao',
    );
  if (!exporting && given(r.exportacao))
    ruleIssue(
      issues,
      ['exportacao'],
      EXIT_PLACE_NOT_EXPORT,
      'exportacao (exporta) belongs to an export: tp_nf 1 and uf_destino_tipo exterior',
    );
}

/** idDest 3: E03a-10 (720), E12-10 (727), E14-10 (510), E16a-20 (790). */
function checkAbroad(issues: IssueList, r: NfeRequest, dest: RenderedDest | undefined): void {
  const d = r.destinatario;
  if (!given(d) || dest === undefined) {
    issues.add(
      DEST,
      'missing',
      'An operation abroad (uf_destino_tipo exterior) needs the foreign destinatario, with id_estrangeiro and its address (address_state EX)',
    );
    return;
  }
  if (!dest.foreign)
    ruleIssue(
      issues,
      [...DEST, 'id_estrangeiro'],
      NO_FOREIGN_ID,
      'a recipient abroad is identified by id_estrangeiro (its foreign document, or empty), not cnpj or cpf',
    );
  if (dest.uf !== ABROAD)
    ruleIssue(
      issues,
      [...DEST, 'address_state'],
      NOT_EX,
      "an operation abroad needs the recipient's address abroad: address_state EX",
    );
  else if (dest.country === undefined || dest.country === BRASIL)
    ruleIssue(
      issues,
      [...DEST, 'address_country_code'],
      COUNTRY_OF_EXPORT,
      "an operation abroad names the recipient's country (its BACEN code), not Brasil's 1058",
    );
  if (d.indicador_ie !== '9')
    ruleIssue(
      issues,
      [...DEST, 'indicador_ie'],
      TAXPAYER_ABROAD,
      'a recipient abroad is not an ICMS taxpayer: indicador_ie 9',
    );
}

/**
 * idDest 1 or 2 with a foreign recipient or a foreign address: E03a-20 (721), I08-94 (771),
 * E14-20 (511), E14-30 (926).
 */
function checkAtHome(issues: IssueList, r: NfeRequest, dest: RenderedDest): void {
  if (dest.foreign && (r.ind_final ?? '1') !== '1')
    ruleIssue(
      issues,
      [...DEST, 'id_estrangeiro'],
      FOREIGN_NOT_FINAL,
      'a foreign recipient of an operation inside Brazil (id_estrangeiro) is a final consumer: ind_final 1',
    );
  if (
    dest.foreign &&
    r.uf_destino_tipo === 'interestadual' &&
    !(
      Array.isArray(r.itens) &&
      r.itens.some((item) => item?.fiscal_result?.cfop === FUEL_TO_ANOTHER_STATE)
    )
  )
    ruleIssue(
      issues,
      [...DEST, 'id_estrangeiro'],
      FOREIGN_INTERSTATE,
      'an interstate recipient is identified by cnpj or cpf (id_estrangeiro only with CFOP 6667)',
    );
  if (dest.country === undefined || dest.country === BRASIL) {
    if (dest.uf === ABROAD && dest.country === BRASIL)
      ruleIssue(
        issues,
        [...DEST, 'address_country_code'],
        BRASIL_ABROAD,
        'a recipient address abroad (address_state EX) is not in Brasil (1058)',
      );
    else if (dest.uf === ABROAD)
      issues.at(
        DEST,
        'address_country_code',
        'missing',
        "a recipient address abroad (address_state EX) names its country's BACEN code",
      );
    return;
  }
  if (!dest.foreign)
    ruleIssue(
      issues,
      [...DEST, 'address_country_code'],
      COUNTRY_AT_HOME,
      `the recipient of an operation that is not an export is in Brasil (1058), unless identified by id_estrangeiro; uf_destino_tipo is ${r.uf_destino_tipo}`,
    );
}

/**
 * The rules tying idDest, tpNF and the recipient together: an export's recipient abroad, a
 * foreign recipient inside Brazil, the recipient's IE abroad (E17-40, 792) or with idEstrangeiro
 * (E03a-30, 925), and the export's place of exit (355, 356).
 */
export function checkForeignOperation(
  issues: IssueList,
  r: NfeRequest,
  ide: IdeFragments,
  dest: RenderedDest | undefined,
): void {
  const abroad = r.uf_destino_tipo === 'exterior';
  checkExitPlace(issues, r, abroad && ide.tpNF === '1');
  if (abroad) checkAbroad(issues, r, dest);
  else if (dest) checkAtHome(issues, r, dest);
  if (!dest || !given(r.destinatario?.ie)) return;
  if (dest.foreign)
    ruleIssue(
      issues,
      [...DEST, 'ie'],
      FOREIGN_WITH_IE,
      'a recipient identified by id_estrangeiro has no IE',
    );
  else if (dest.uf === ABROAD)
    ruleIssue(
      issues,
      [...DEST, 'ie'],
      IE_ABROAD,
      'a recipient with its address abroad (address_state EX) has no IE',
    );
}
