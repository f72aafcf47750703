import type { IssuePath } from '../errors.js';
import type { NfeDocumentoReferenciado } from '../types-references.js';
import type { NfeRequest } from '../types.js';
import { ufInfo } from '../ufs.js';
import type { IssueList } from '../validate/issues.js';
import { type Rejection, ruleIssue } from '../validate/sefaz-rule.js';
import { given } from '../validate/text.js';
import type { IdeFragments } from './ide.js';
import { MAX_REFERENCES } from './nfref.js';

/*
 * The rules that tie the referenced documents to the rest of the NF-e (MOC 7.0 Anexo I, B25-30 to
 * B25-60, B25b-40, BA02-70, BA20-20): a complementary NF-e completes exactly one note of its own
 * issuer and state, a sale made in person away from the establishment names its note, a return of
 * a note of another model comes from the emitter's state, and paper notes and cupons document
 * operations inside the state. Each reference's own checks are nfref.ts's.
 */

const KEY = 'documentos_referenciados';
const CHAVE = /^\d{44}$/;

const rejection = (code: number, text: string): Rejection => ({ code, text });
const NO_NOTE = rejection(254, 'NF-e complementar não possui NF referenciada');
const SEVERAL_NOTES = rejection(255, 'NF-e complementar possui mais de uma NF referenciada');
const OTHER_ISSUER = rejection(
  269,
  'CNPJ/CPF Emitente da NF Complementar difere do CNPJ/CPF da NF Referenciada',
);
const OTHER_STATE = rejection(678, 'NF referenciada com UF diferente da NF-e complementar');
const AWAY_WITHOUT_NOTE = rejection(
  864,
  'NF-e com indicativo de Operação presencial, fora do estabelecimento e não informada NF referenciada',
);
const INTERNAL_DOCUMENT = rejection(
  923,
  'Referenciado documento de operação interna em operação interestadual ou com o exterior',
);
const NOT_ALLOWED_HERE = rejection(
  954,
  'Chave de Acesso referenciada não permitida para esta operação',
);

/** A reference to an NF-e, NFC-e or model 1 note: what a complementary NF-e completes. */
interface Note {
  readonly index: number;
  /** The field that names it: `chave_acesso` or `nota_modelo_1`. */
  readonly key: 'chave_acesso' | 'nota_modelo_1';
  /** The issuer's CNPJ and state code, when well formed. */
  readonly issuer?: string;
  readonly cUF?: string;
}

function noteOf(ref: NfeDocumentoReferenciado, index: number): Note | undefined {
  if (given(ref.chave_acesso)) {
    const chave = ref.chave_acesso;
    return typeof chave === 'string' && CHAVE.test(chave)
      ? { index, key: 'chave_acesso', issuer: chave.slice(6, 20), cUF: chave.slice(0, 2) }
      : { index, key: 'chave_acesso' };
  }
  if (!given(ref.nota_modelo_1)) return undefined;
  const { cnpj, uf } = ref.nota_modelo_1;
  const cUF = typeof uf === 'string' ? ufInfo(uf)?.cUF : undefined;
  return {
    index,
    key: 'nota_modelo_1',
    ...(typeof cnpj === 'string' ? { issuer: cnpj } : {}),
    ...(cUF !== undefined ? { cUF } : {}),
  };
}

/** 254, 255, 269, 678: the one note a complementary NF-e (finNFe 2) completes. */
function checkComplementary(
  issues: IssueList,
  notes: readonly Note[],
  emitter: { cnpj: string; cUF: string | undefined },
): void {
  const [note, second] = notes;
  if (!note) {
    ruleIssue(
      issues,
      [KEY],
      NO_NOTE,
      'an NF-e complementar (fin_nfe 2) names the note it completes: a chave_acesso or a nota_modelo_1 in documentos_referenciados',
    );
    return;
  }
  if (second) {
    ruleIssue(
      issues,
      [KEY, second.index],
      SEVERAL_NOTES,
      'an NF-e complementar (fin_nfe 2) completes one note: give one chave_acesso or nota_modelo_1',
    );
    return;
  }
  const path: IssuePath = [KEY, note.index, note.key];
  if (note.issuer !== undefined && note.issuer !== emitter.cnpj)
    ruleIssue(
      issues,
      note.key === 'chave_acesso' ? path : [...path, 'cnpj'],
      OTHER_ISSUER,
      `an NF-e complementar completes a note of its own emitter (${emitter.cnpj}), not of ${note.issuer}`,
    );
  if (note.cUF !== undefined && emitter.cUF !== undefined && note.cUF !== emitter.cUF)
    ruleIssue(
      issues,
      note.key === 'chave_acesso' ? path : [...path, 'uf'],
      OTHER_STATE,
      "an NF-e complementar completes a note of the emitter's own state",
    );
}

/**
 * The rules of the referenced documents against the document's purpose, presence and
 * destination. Every reference's own checks (its chave, CNPJ, duplicates) are nfref.ts's.
 */
export function checkReferencePurpose(issues: IssueList, r: NfeRequest, ide: IdeFragments): void {
  const list = r.documentos_referenciados;
  const refs = Array.isArray(list) ? list.slice(0, MAX_REFERENCES) : [];
  const awayFromStore = ide.indPres === '5';
  if (refs.length === 0 && ide.finNFe !== '2' && !awayFromStore) return;
  const emitterCUF = ufInfo(r.emitente.address_state)?.cUF;
  const internal = r.uf_destino_tipo === 'interna';
  const notes: Note[] = [];
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    if (typeof ref !== 'object' || ref === null) continue;
    const note = noteOf(ref, i);
    if (note) notes.push(note);
    if (!internal) {
      for (const key of ['nota_modelo_1', 'cupom_fiscal'] as const)
        if (given(ref[key]))
          ruleIssue(
            issues,
            [KEY, i, key],
            INTERNAL_DOCUMENT,
            `a ${key === 'cupom_fiscal' ? 'cupom fiscal' : 'model 1 or 2 note'} documents an operation inside the state, and uf_destino_tipo is ${r.uf_destino_tipo}`,
          );
    }
    const chave = ref.chave_acesso;
    if (
      ide.finNFe === '4' &&
      typeof chave === 'string' &&
      CHAVE.test(chave) &&
      chave.slice(20, 22) !== '55' &&
      chave.slice(0, 2) !== emitterCUF
    )
      ruleIssue(
        issues,
        [KEY, i, 'chave_acesso'],
        NOT_ALLOWED_HERE,
        `a return (fin_nfe 4) of a model ${chave.slice(20, 22)} note comes from the emitter's own state`,
      );
  }
  if (ide.finNFe === '2')
    checkComplementary(issues, notes, { cnpj: r.emitente.cnpj, cUF: emitterCUF });
  if (awayFromStore && notes.length === 0)
    ruleIssue(
      issues,
      [KEY],
      AWAY_WITHOUT_NOTE,
      'a sale made in person outside the establishment (ind_pres 5) names its note: a chave_acesso or a nota_modelo_1 in documentos_referenciados',
    );
}
