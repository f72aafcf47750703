import { modulo11CheckDigit } from './chave.js';
import { renderContingency } from './contingency.js';
import { NfeValidationError } from './errors.js';
import type { ResponsavelTecnico } from './responsavel-tecnico.js';
import type { NfeSvcContingency } from './types.js';
import { ufs } from './ufs.js';
import { IssueList } from './validate/issues.js';

/**
 * A document this library rendered with tpEmis 1, again in SVC contingency: the same number, cNF,
 * instant and content, with tpEmis 6 or 7, ide/dhCont and ide/xJust, and so a new chave (tpEmis is
 * its 35th digit, and the check digit follows). Only for a document SEFAZ never received: the
 * caller decides that. `xml` is the NF-e as rendered or as signed (its Signature is dropped: the
 * result is to be signed again). infRespTec's hashCSRT covers the chave, so it is written again by
 * `responsavelTecnico` (required when the document carries one).
 *
 * It edits the XML as text, which holds because the input is this library's canonical output (no
 * whitespace between tags, each edited element once in ide).
 * The contingency fields are checked and written as `render({ contingency })` writes them
 * (contingency.ts), except that dhCont may be after dhEmi: the document was issued before the
 * contingency began.
 * @throws {NfeValidationError} for a document that is not a tpEmis 1 NF-e of this library, or
 * contingency fields out of the layout.
 */
export function reissueInSvc(
  xml: string,
  svc: NfeSvcContingency,
  responsavelTecnico?: ResponsavelTecnico,
): { xml: string; chave: string } {
  const fail = (message: string): never => {
    throw new NfeValidationError([{ path: ['xml'], type: 'not_reissuable', message }]);
  };
  const unsigned = xml.replace(/<Signature[\s>][\s\S]*<\/Signature>/, '');
  const id = /<infNFe Id="NFe(\d{2}\d{4}[0-9A-Z]{12}\d{2}\d{2}\d{3}\d{9})(\d)(\d{8})(\d)"/.exec(
    unsigned,
  );
  if (!id) return fail('no infNFe Id with a chave');
  const [, head = '', tpEmis, cNF = ''] = id;
  if (tpEmis !== '1') return fail(`tpEmis ${tpEmis ?? ''}: only a normal emission is re-issued`);
  if (!unsigned.includes('<tpEmis>1</tpEmis>') || unsigned.includes('<dhCont>'))
    return fail('ide/tpEmis is not 1, or ide already has dhCont');
  const uf = Object.values(ufs).find((u) => u.cUF === head.slice(0, 2));
  if (!uf) return fail('the chave names no UF');
  const issues = new IssueList();
  const fields = renderContingency(issues, svc, undefined, uf);
  if (!fields) throw new NfeValidationError(issues.toArray());
  const first43 = head + fields.tpEmis + cNF;
  const chave = first43 + modulo11CheckDigit(first43);
  let out = unsigned
    .replace(`Id="NFe${head}${tpEmis}${cNF}${id[4] ?? ''}"`, `Id="NFe${chave}"`)
    .replace('<tpEmis>1</tpEmis>', `<tpEmis>${fields.tpEmis}</tpEmis>`)
    .replace(/<cDV>\d<\/cDV>/, `<cDV>${chave.charAt(43)}</cDV>`)
    .replace(/<\/verProc>/, `</verProc>${fields.xml}`);
  const respTec = /<infRespTec>[\s\S]*<\/infRespTec>/.exec(out);
  if (respTec?.[0].includes('<hashCSRT>')) {
    if (!responsavelTecnico?.csrtId)
      return fail('infRespTec carries a hashCSRT: its CSRT is needed to write it again');
    out = out.replace(respTec[0], responsavelTecnico.render(chave));
  }
  return { xml: out, chave };
}
