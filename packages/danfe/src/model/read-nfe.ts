import { DanfeError } from '../errors.js';
import { child, children, parseXml, type XmlElement } from '../xml/xml-tree.js';
import { FieldReader } from './field-reader.js';
import { checkKey } from './key.js';
import { readAdditional, readIntermediary } from './read-additional.js';
import { readAddress } from './read-address.js';
import { readBilling } from './read-billing.js';
import { readItem } from './read-item.js';
import { readPlace } from './read-place.js';
import { readReferences } from './read-references.js';
import { readTransport } from './read-transport.js';
import type { IbsCbsTotals, IssqnTotals, NfeData, Protocol, Totals } from './types.js';

/** emit/CNPJ, or emit/CPF for an individual emitter. */
function emitterDocument(emit: FieldReader): string {
  const document = emit.cnpjOrCpf();
  if (document === undefined) {
    throw new DanfeError(
      'missing_field',
      'The NF-e has no emit/CNPJ (nor CPF)',
      'infNFe/emit/CNPJ',
    );
  }
  return document;
}

/** The `NFe` element and, for an nfeProc, its `protNFe`. */
function locate(root: XmlElement): { nfe: XmlElement; prot?: XmlElement } {
  if (root.localName === 'NFe') return { nfe: root };
  if (root.localName === 'nfeProc') {
    const nfe = child(root, 'NFe');
    if (nfe) return { nfe, prot: child(root, 'protNFe') };
  }
  throw new DanfeError(
    'not_nfe',
    `The XML is not an NF-e: its root is <${root.localName}>, expected <nfeProc> or <NFe>`,
  );
}

function readTotals(total: FieldReader): Totals {
  const t = total.below('ICMSTot');
  return {
    icmsBase: t.decimal('vBC'),
    icms: t.decimal('vICMS'),
    icmsStBase: t.decimal('vBCST'),
    icmsSt: t.decimal('vST'),
    products: t.decimal('vProd'),
    freight: t.decimal('vFrete'),
    insurance: t.decimal('vSeg'),
    discount: t.decimal('vDesc'),
    other: t.decimal('vOutro'),
    ipi: t.decimal('vIPI'),
    ii: t.decimal('vII'),
    pis: t.decimal('vPIS'),
    cofins: t.decimal('vCOFINS'),
    icmsUfRemet: t.decimal('vICMSUFRemet'),
    icmsUfDest: t.decimal('vICMSUFDest'),
    fcpUfDest: t.decimal('vFCPUFDest'),
    fcp: t.decimal('vFCP'),
    fcpSt: t.decimal('vFCPST'),
    approxTaxes: t.decimal('vTotTrib'),
    invoice: t.requiredDecimal('vNF'),
  };
}

/** NT 2026.010 §4.1: present when the XML has `IBSCBSTot` or `ISTot`. */
function readIbsCbsTotals(total: FieldReader): IbsCbsTotals | undefined {
  const t = total.below('IBSCBSTot');
  const is = total.below('ISTot');
  if (!t.element && !is.element) return undefined;
  return {
    cbs: t.decimal('gCBS/vCBS'),
    ibsUf: t.decimal('gIBS/gIBSUF/vIBSUF'),
    ibsMun: t.decimal('gIBS/gIBSMun/vIBSMun'),
    is: is.decimal('vIS'),
    ibsMono: t.decimal('gMono/vIBSMono'),
    cbsMono: t.decimal('gMono/vCBSMono'),
    ibsMonoReten: t.decimal('gMono/vIBSMonoReten'),
    cbsMonoReten: t.decimal('gMono/vCBSMonoReten'),
    invoiceWithTaxes: total.decimal('vNFTot'),
  };
}

function readIssqn(total: FieldReader): IssqnTotals | undefined {
  const t = total.below('ISSQNtot');
  if (!t.element) return undefined;
  return { services: t.decimal('vServ'), base: t.decimal('vBC'), issqn: t.decimal('vISS') };
}

function readProtocol(prot: XmlElement | undefined, key: string): Protocol | undefined {
  const info = new FieldReader(child(prot, 'infProt'), 'protNFe/infProt');
  const status = info.text('cStat');
  if (!info.element || status === undefined) return undefined;
  const protocolKey = info.text('chNFe');
  if (protocolKey !== undefined && protocolKey !== key) {
    throw new DanfeError(
      'invalid_field',
      `protNFe is for the chave ${protocolKey}, not for this NF-e (${key})`,
      'protNFe/infProt/chNFe',
    );
  }
  return {
    number: info.text('nProt'),
    receivedAt: info.text('dhRecbto'),
    status,
    key: protocolKey,
  };
}

/**
 * Parses an `nfeProc` or a bare `NFe` (layout 4.00, model 55) into what the DANFE prints. Throws a
 * `DanfeError` for XML that is not well-formed, not an NF-e, or lacks a field the DANFE needs.
 */
export function readNfe(xml: string): NfeData {
  const { nfe, prot } = locate(parseXml(xml));
  const infNFe = child(nfe, 'infNFe');
  if (!infNFe) throw new DanfeError('not_nfe', 'The NFe element has no infNFe');
  const version = infNFe.attributes.get('versao');
  if (version !== '4.00') {
    throw new DanfeError(
      'unsupported_document',
      `Only NF-e layout 4.00 is rendered; this one is versao="${version ?? ''}"`,
    );
  }
  const inf = new FieldReader(infNFe, 'infNFe');
  const ide = inf.below('ide');
  const model = ide.required('mod');
  if (model !== '55') {
    throw new DanfeError(
      'unsupported_document',
      `Only model 55 (NF-e) has this DANFE; this document is model ${model}`,
    );
  }
  const key = checkKey(infNFe.attributes.get('Id'));
  const emit = inf.below('emit');
  const dest = inf.below('dest');
  const total = inf.below('total');
  const detElements = children(infNFe, 'det');
  if (detElements.length === 0) {
    throw new DanfeError('missing_field', 'The NF-e has no item (det)', 'infNFe/det');
  }
  return {
    key,
    operationNature: ide.required('natOp'),
    series: ide.required('serie'),
    number: ide.required('nNF'),
    issuedAt: ide.required('dhEmi'),
    exitAt: ide.text('dhSaiEnt'),
    direction: ide.required('tpNF'),
    environment: ide.required('tpAmb'),
    emissionType: ide.text('tpEmis') ?? '1',
    contingencyAt: ide.text('dhCont'),
    contingencyReason: ide.text('xJust'),
    emitter: {
      document: emitterDocument(emit),
      name: emit.required('xNome'),
      tradeName: emit.text('xFant'),
      address: readAddress(emit.below('enderEmit')),
      ie: emit.text('IE'),
      ieSt: emit.text('IEST'),
      im: emit.text('IM'),
      crt: emit.text('CRT'),
    },
    recipient: dest.element
      ? {
          document: dest.cnpjOrCpf() ?? dest.text('idEstrangeiro'),
          name: dest.text('xNome'),
          address: readAddress(dest.below('enderDest')),
          ie: dest.text('IE'),
        }
      : undefined,
    items: detElements.map(readItem),
    totals: readTotals(total),
    ibsCbsTotals: readIbsCbsTotals(total),
    issqn: readIssqn(total),
    transport: readTransport(inf.below('transp')),
    billing: readBilling(inf.below('cobr')),
    pickup: readPlace(inf.below('retirada')),
    delivery: readPlace(inf.below('entrega')),
    references: readReferences(ide),
    intermediary: readIntermediary(inf.below('infIntermed')),
    additional: readAdditional(inf.below('infAdic')),
    protocol: readProtocol(prot, key),
  };
}
