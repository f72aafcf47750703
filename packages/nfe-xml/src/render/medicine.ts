import type { IssuePath } from '../errors.js';
import type { NfeMedicamento } from '../types-item.js';
import { checkDecimal, MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern, checkText, given, type TextRule } from '../validate/text.js';
import { escapeText } from '../xml-escape.js';

const ANVISA = /^([0-9]{11}|[0-9]{13}|ISENTO)$/;
const REASON: TextRule = { min: 1, max: 255 };

/** `<med>`: cProdANVISA, xMotivoIsencao?, vPMC (leiauteNFe_v4.00.xsd, det/prod/med). */
export function renderMedicine(
  issues: IssueList,
  itemPath: IssuePath,
  med: NfeMedicamento,
): string {
  const path = [...itemPath, 'medicamento'];
  const code = checkPattern(
    issues,
    path,
    'codigo_anvisa',
    med.codigo_anvisa,
    ANVISA,
    'the 11- or 13-digit ANVISA registration or ISENTO (cProdANVISA)',
  );
  const reason = given(med.motivo_isencao)
    ? checkText(issues, path, 'motivo_isencao', med.motivo_isencao, REASON)
    : undefined;
  const vPMC = checkDecimal(
    issues,
    path,
    'preco_maximo_consumidor',
    med.preco_maximo_consumidor,
    MONEY,
  );
  return (
    `<med><cProdANVISA>${code ?? ''}</cProdANVISA>` +
    (reason ? `<xMotivoIsencao>${escapeText(reason)}</xMotivoIsencao>` : '') +
    `<vPMC>${vPMC ?? ''}</vPMC></med>`
  );
}
