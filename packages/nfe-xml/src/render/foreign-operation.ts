import type { NfeRequest } from '../types.js';
import type { IssueList } from '../validate/issues.js';
import { ruleIssue } from '../validate/sefaz-rule.js';
import { given } from '../validate/text.js';
import { ABROAD } from './address.js';
import type { RenderedDest } from './dest.js';

/**
 * The rules tying idDest 3 (`uf_destino_tipo` exterior) to the recipient: a foreign recipient (UF
 * EX, idEstrangeiro, not an ICMS taxpayer, no IE) for an operation abroad, and none elsewhere —
 * except a foreign tourist buying in person as a final consumer. `exportacao` only abroad.
 */
export function checkForeignOperation(
  issues: IssueList,
  r: NfeRequest,
  dest: RenderedDest | undefined,
): void {
  const abroad = r.uf_destino_tipo === 'exterior';
  if (given(r.exportacao) && !abroad)
    ruleIssue(
      issues,
      ['exportacao'],
      { code: 356, text: 'Informar o local de saída do Pais somente no caso da exportação' },
      'exportacao (exporta) belongs to an operation abroad: uf_destino_tipo exterior',
    );
  if (abroad) {
    checkAbroad(issues, r, dest);
    return;
  }
  if (dest?.uf === ABROAD) {
    const interstate = r.uf_destino_tipo === 'interestadual';
    ruleIssue(
      issues,
      ['destinatario', 'address_state'],
      interstate
        ? { code: 771, text: 'Operação Interestadual e UF de destino com EX' }
        : { code: 773, text: 'Operação Interna e UF de destino difere da UF do emitente' },
      'a recipient abroad (UF EX) means uf_destino_tipo exterior',
    );
  }
  if (!dest?.foreign) return;
  if (r.uf_destino_tipo === 'interestadual') {
    ruleIssue(
      issues,
      ['destinatario', 'id_estrangeiro'],
      { code: 721, text: 'Operação interestadual deve informar CNPJ ou CPF' },
      'an interstate recipient is identified by cnpj or cpf',
    );
    return;
  }
  if ((r.ind_pres ?? '1') !== '1')
    ruleIssue(
      issues,
      ['ind_pres'],
      { code: 722, text: 'Operação interna com idEstrangeiro informado deve ser presencial' },
      'a foreign recipient inside the state (id_estrangeiro, uf_destino_tipo interna) buys in person: ind_pres 1',
    );
  if ((r.ind_final ?? '1') !== '1')
    ruleIssue(
      issues,
      ['ind_final'],
      {
        code: 723,
        text: 'Operação interna com idEstrangeiro informado deve ser para consumidor final',
      },
      'a foreign recipient inside the state (id_estrangeiro, uf_destino_tipo interna) is a final consumer: ind_final 1',
    );
}

/** idDest 3: the recipient abroad, identified by idEstrangeiro, neither a taxpayer nor with an IE. */
function checkAbroad(issues: IssueList, r: NfeRequest, dest: RenderedDest | undefined): void {
  const d = r.destinatario;
  if (!given(d) || dest === undefined) {
    issues.add(
      ['destinatario'],
      'missing',
      'An operation abroad (uf_destino_tipo exterior) needs the foreign destinatario, with id_estrangeiro and its address (address_state EX)',
    );
    return;
  }
  if (dest.uf !== ABROAD)
    ruleIssue(
      issues,
      ['destinatario', 'address_state'],
      { code: 727, text: 'Operação com Exterior e UF diferente de EX' },
      "an operation abroad needs the recipient's address abroad: address_state EX",
    );
  if (!dest.foreign)
    ruleIssue(
      issues,
      ['destinatario', 'id_estrangeiro'],
      { code: 720, text: 'Na operação com Exterior deve ser informada tag idEstrangeiro' },
      'a recipient abroad is identified by id_estrangeiro (its foreign document, or empty), not cnpj or cpf',
    );
  if (d.indicador_ie !== '9')
    ruleIssue(
      issues,
      ['destinatario', 'indicador_ie'],
      { code: 790, text: 'Operação com Exterior para destinatário Contribuinte de ICMS' },
      'a recipient abroad is not an ICMS taxpayer: indicador_ie 9',
    );
  if (given(d.ie))
    ruleIssue(
      issues,
      ['destinatario', 'ie'],
      {
        code: 792,
        text: 'Informada a IE do destinatário para operação com destinatário no Exterior',
      },
      'a recipient abroad has no IE',
    );
}
