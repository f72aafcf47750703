import type { XmlElement } from '../xml/xml-tree.js';
import { FieldReader } from './field-reader.js';
import type { Item, ItemIbsCbs, ItemIs } from './types.js';

/** The one group inside `imposto/ICMS` (ICMS00, ICMS10, …, ICMSSN101, ICMSPart, ICMSST…). */
function icmsGroup(det: FieldReader): FieldReader {
  const icms = det.below('imposto/ICMS');
  const group = icms.element?.children[0];
  return new FieldReader(group, `${icms.path}/${group?.localName ?? '*'}`);
}

/** NT 2026.010 §4.3: the effective rate when the group has a reduction (`gRed`), else the nominal. */
function rate(group: FieldReader, nominal: string): string | undefined {
  return group.decimal('gRed/pAliqEfet') ?? group.decimal(nominal);
}

function readIbsCbs(det: FieldReader): ItemIbsCbs | undefined {
  const tax = det.below('imposto/IBSCBS');
  if (!tax.element) return undefined;
  const g = tax.below('gIBSCBS');
  const uf = g.below('gIBSUF');
  const mun = g.below('gIBSMun');
  const cbs = g.below('gCBS');
  return {
    cst: tax.required('CST'),
    classification: tax.required('cClassTrib'),
    base: g.decimal('vBC'),
    ibsUfRate: rate(uf, 'pIBSUF'),
    ibsUfValue: uf.decimal('vIBSUF'),
    ibsMunRate: rate(mun, 'pIBSMun'),
    ibsMunValue: mun.decimal('vIBSMun'),
    cbsRate: rate(cbs, 'pCBS'),
    cbsValue: cbs.decimal('vCBS'),
  };
}

function readIs(det: FieldReader): ItemIs | undefined {
  const tax = det.below('imposto/IS');
  if (!tax.element) return undefined;
  return {
    cst: tax.required('CSTIS'),
    classification: tax.required('cClassTribIS'),
    base: tax.decimal('vBCIS'),
    rate: tax.decimal('pIS'),
    value: tax.decimal('vIS'),
  };
}

/** One `det` element as the products table prints it. */
export function readItem(element: XmlElement, index: number): Item {
  const det = new FieldReader(element, `infNFe/det[${index + 1}]`);
  const prod = det.below('prod');
  const icms = icmsGroup(det);
  const ipi = det.below('imposto/IPI/IPITrib');
  const origin = icms.text('orig') ?? '';
  const cst = icms.text('CST') ?? icms.text('CSOSN');
  const unit = prod.text('uCom');
  const taxUnit = prod.text('uTrib');
  const quantity = prod.requiredDecimal('qCom');
  const unitPrice = prod.requiredDecimal('vUnCom');
  const taxQuantity = prod.decimal('qTrib');
  const taxUnitPrice = prod.decimal('vUnTrib');
  return {
    number: element.attributes.get('nItem') ?? String(index + 1),
    code: prod.required('cProd'),
    description: prod.required('xProd'),
    ncm: prod.text('NCM'),
    cst: cst === undefined ? undefined : origin + cst,
    cfop: prod.text('CFOP'),
    unit,
    quantity,
    unitPrice,
    total: prod.requiredDecimal('vProd'),
    discount: prod.decimal('vDesc'),
    freight: prod.decimal('vFrete'),
    insurance: prod.decimal('vSeg'),
    otherCharges: prod.decimal('vOutro'),
    taxUnit,
    taxQuantity,
    taxUnitPrice,
    icmsBase: icms.decimal('vBC'),
    icmsValue: icms.decimal('vICMS'),
    icmsRate: icms.decimal('pICMS'),
    icmsStBase: icms.decimal('vBCST'),
    icmsStValue: icms.decimal('vICMSST'),
    ipiValue: ipi.decimal('vIPI'),
    ipiRate: ipi.decimal('pIPI'),
    additionalInfo: det.text('infAdProd'),
    ibsCbs: readIbsCbs(det),
    is: readIs(det),
  };
}
