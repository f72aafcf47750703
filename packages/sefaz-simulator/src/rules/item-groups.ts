import { modulo11CheckDigit } from '@emissor/nfe-xml';

import { child, children, text, type XmlElement } from '../xml/dom.js';
import { cents, scaled } from './decimal.js';
import type { RuleContext } from './context.js';
import { localDay } from './local-day.js';
import type { NfeView } from './nfe-view.js';
import { rejection, type Rejection } from './rejection.js';
import { isValidCnpj } from './tax-ids.js';

/*
 * The rules of an item's values and groups (MOC 7.0 Anexo I group I and UA: discount, import
 * declarations, export details, batches, medicines, fuel, vehicles, returned taxes). The API
 * refuses the same requests before numbering them; these answer for documents that reach the
 * authoriser anyway.
 */

/** Import CFOPs that need no DI: returns and re-imports. */
const IMPORT_WITHOUT_DI = new Set(['3201', '3202', '3503', '3553']);
/** CFOPs of an indirect export, which carry detExport/exportInd. */
const INDIRECT_EXPORT = new Set(['3503', '7501']);
const DRAWBACK = /^(\d{9}|\d{11})$/;

const at = (cStat: string, message: string, det: XmlElement) =>
  rejection(cStat, `Rejeição: ${message} [nItem:${det.attributes.get('nItem') ?? '?'}]`);

function checkImport(det: XmlElement, prod: XmlElement): Rejection | undefined {
  const cfop = text(prod, 'CFOP') ?? '';
  const declarations = children(prod, 'DI');
  if (cfop.startsWith('3') && !IMPORT_WITHOUT_DI.has(cfop) && declarations.length === 0)
    return rejection('525', 'Rejeição: CFOP de Importação e não informado dados da DI');
  for (const di of declarations) {
    if (text(di, 'tpViaTransp') === '1' && !child(di, 'vAFRMM'))
      return rejection('330', 'Rejeição: Informar o Valor da AFRMM na importação por via marítima');
    const onBehalf = ['2', '3'].includes(text(di, 'tpIntermedio') ?? '');
    if (onBehalf && !child(di, 'CNPJ') && !child(di, 'CPF'))
      return rejection(
        '331',
        'Rejeição: Informar o CNPJ do adquirente ou do encomendante nesta forma de importação',
      );
    const cnpj = text(di, 'CNPJ');
    if (cnpj !== undefined && !isValidCnpj(cnpj))
      return rejection(
        '332',
        'Rejeição: CNPJ do adquirente ou do encomendante da importação inválido',
      );
    if (onBehalf && !child(di, 'UFTerceiro'))
      return rejection(
        '333',
        'Rejeição: Informar a UF do adquirente ou do encomendante nesta forma de importação',
      );
    for (const adi of children(di, 'adi')) {
      const nDraw = text(adi, 'nDraw');
      if (nDraw !== undefined && !DRAWBACK.test(nDraw))
        return at('335', 'Número do processo de drawback na importação inválido', det);
    }
  }
  return undefined;
}

function checkExport(nfe: NfeView, det: XmlElement, prod: XmlElement): Rejection | undefined {
  const cfop = text(prod, 'CFOP') ?? '';
  const details = children(prod, 'detExport');
  const indirect = details.flatMap((d) => children(d, 'exportInd'));
  if (INDIRECT_EXPORT.has(cfop) && text(nfe.ide, 'finNFe') !== '2' && indirect.length === 0)
    return at('340', 'Não informado o grupo de exportação indireta no item', det);
  for (const detail of details) {
    const nDraw = text(detail, 'nDraw');
    if (nDraw !== undefined && !DRAWBACK.test(nDraw))
      return at('339', 'Número do processo de drawback na exportação inválido', det);
  }
  if (indirect.length === 0) return undefined;
  const referenced = new Set(children(nfe.ide, 'NFref').map((ref) => text(ref, 'refNFe') ?? ''));
  const seen = new Set<string>();
  let quantity = 0n;
  for (const group of indirect) {
    const chave = text(group, 'chNFe') ?? '';
    if (modulo11CheckDigit(chave.slice(0, 43)) !== chave.slice(43))
      return at('342', 'Chave de Acesso informada na Exportação Indireta com DV inválido', det);
    if (chave.slice(20, 22) !== '55')
      return at('343', 'Modelo da NF-e informada na Exportação Indireta diferente de 55', det);
    if (seen.has(chave))
      return at(
        '344',
        'Duplicidade de NF-e informada na Exportação Indireta (Chave de Acesso informada mais de uma vez)',
        det,
      );
    seen.add(chave);
    if (!referenced.has(chave))
      return at(
        '345',
        'Chave de Acesso informada na Exportação Indireta não consta como NF-e referenciada',
        det,
      );
    quantity += scaled(text(group, 'qExport'), 4);
  }
  if (quantity !== scaled(text(prod, 'qCom'), 4))
    return at(
      '346',
      'Somatório das quantidades informadas na Exportação Indireta não corresponde a quantidade total do item',
      det,
    );
  return undefined;
}

function checkBatches(
  det: XmlElement,
  prod: XmlElement,
  processingDay: string,
): Rejection | undefined {
  const batches = children(prod, 'rastro');
  if (child(prod, 'med') && batches.length === 0)
    return at('873', 'Operação com medicamentos e não informado os campos de rastreabilidade', det);
  for (const batch of batches) {
    const dFab = text(batch, 'dFab') ?? '';
    if (dFab > processingDay)
      return at('877', 'Data de fabricação maior que a data de processamento', det);
    if ((text(batch, 'dVal') ?? '') < dFab)
      return at('870', 'Data de validade incompatível com data de fabricação', det);
  }
  return undefined;
}

function checkItem(nfe: NfeView, det: XmlElement, processingDay: string): Rejection | undefined {
  const prod = child(det, 'prod');
  if (!prod) return undefined;
  if (cents(text(prod, 'vDesc')) > cents(text(prod, 'vProd')))
    return at('483', 'Valor do desconto maior que valor do produto', det);
  const result =
    checkImport(det, prod) ?? checkExport(nfe, det, prod) ?? checkBatches(det, prod, processingDay);
  if (result) return result;
  const meter = child(prod, 'comb', 'encerrante');
  if (meter && scaled(text(meter, 'vEncFin'), 3) <= scaled(text(meter, 'vEncIni'), 3))
    return at('380', 'Valor do Encerrante final não é superior ao Encerrante inicial', det);
  if (text(prod, 'veicProd', 'tpOp') === '2' && !child(nfe.infNFe, 'entrega'))
    return rejection(
      '478',
      'Rejeição: Local da entrega não informado para faturamento direto de veículos novos',
    );
  if (child(det, 'impostoDevol') && text(nfe.ide, 'finNFe') !== '4')
    return rejection(
      '354',
      'Rejeição: Informado grupo de devolução de tributos para NF-e que não tem finalidade de devolução de mercadoria',
    );
  return undefined;
}

/** 483, 525, 330–335, 339–346, 873, 877, 870, 380, 478 and 354, item by item. */
export function checkItemGroups(nfe: NfeView, context: RuleContext): Rejection | undefined {
  const processingDay = localDay(context.receivedAt, text(nfe.ide, 'dhEmi') ?? '');
  for (const det of nfe.items) {
    const result = checkItem(nfe, det, processingDay);
    if (result) return result;
  }
  return undefined;
}
