import type { NfeRequest } from '../types.js';
import { escapeText } from '../xml-escape.js';
import type { IssuePath } from '../errors.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkText } from '../validate/text.js';

/** Top-level request fields are reported at `[key]`. */
const ROOT: IssuePath = [];

/** The parts of `<ide>` that do not depend on nNF, dhEmi, cNF or cDV. */
export interface IdeFragments {
  readonly beforeNumber: string;
  readonly middle: string;
  readonly tail: string;
  readonly tpEmis: string;
}

/**
 * ide fields in layout order: natOp mod serie | nNF dhEmi | tpNF idDest cMunFG tpImp tpEmis | cDV |
 * tpAmb finNFe indFinal indPres procEmi verProc. tpNF 1 (saída), tpImp 1 (DANFE retrato), procEmi 0
 * (the taxpayer's own application).
 */
export function renderIdeFragments(issues: IssueList, r: NfeRequest, cMunFG: string): IdeFragments {
  const natOp = checkText(issues, ROOT, 'nat_op', r.nat_op ?? 'Venda', { min: 1, max: 60 });
  checkLiteral(issues, ROOT, 'document_model', r.document_model ?? '55', ['55']);
  if (!Number.isInteger(r.serie) || r.serie < 0) {
    issues.add(
      ['serie'],
      Number.isInteger(r.serie) ? 'greater_than_equal' : 'int_type',
      'serie should be an integer ≥ 0',
    );
  } else if (r.serie > 999) {
    issues.add(['serie'], 'less_than_equal', 'serie should be at most 999 (TSerie)');
  }
  const idDest =
    checkLiteral(issues, ROOT, 'uf_destino_tipo', r.uf_destino_tipo, [
      'interna',
      'interestadual',
    ]) === 'interestadual'
      ? '2'
      : '1';
  const tpEmis =
    checkLiteral(issues, ROOT, 'tp_emis', r.tp_emis ?? '1', ['1', '2', '3', '4', '5', '6', '7']) ??
    '1';
  const tpAmb =
    checkLiteral(issues, ROOT, 'ambiente', r.ambiente, ['producao', 'homologacao']) === 'producao'
      ? '1'
      : '2';
  const finNFe = checkLiteral(issues, ROOT, 'fin_nfe', r.fin_nfe ?? '1', ['1', '2', '3', '4']);
  const indFinal = checkLiteral(issues, ROOT, 'ind_final', r.ind_final ?? '1', ['0', '1']);
  const indPres = checkLiteral(issues, ROOT, 'ind_pres', r.ind_pres ?? '1', [
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
    '9',
  ]);
  const verProc = checkText(issues, ROOT, 'ver_proc', r.ver_proc, { min: 1, max: 20 });
  return {
    beforeNumber: `<natOp>${escapeText(natOp ?? '')}</natOp><mod>55</mod><serie>${r.serie}</serie>`,
    middle: `<tpNF>1</tpNF><idDest>${idDest}</idDest><cMunFG>${cMunFG}</cMunFG><tpImp>1</tpImp><tpEmis>${tpEmis}</tpEmis>`,
    tail:
      `<tpAmb>${tpAmb}</tpAmb><finNFe>${finNFe ?? ''}</finNFe><indFinal>${indFinal ?? ''}</indFinal>` +
      `<indPres>${indPres ?? ''}</indPres><procEmi>0</procEmi><verProc>${escapeText(verProc ?? '')}</verProc>`,
    tpEmis,
  };
}
