import type { XmlElement } from '@emissor/xml';
import { childNamed, elementAt, firstElement, readXmlTree } from '@emissor/xml';

import type {
  RtcCredPres,
  RtcDocument,
  RtcGIbsCbs,
  RtcIbsCbs,
  RtcIbsCbsTot,
  RtcIs,
  RtcItem,
  RtcItemValues,
  RtcMono,
  RtcMonoQuantity,
  RtcOtherTax,
  RtcSphere,
} from './document.js';

/*
 * Reads the IBS/CBS/IS values of an NF-e XML into the shape `checkRtcDocument` takes, so a receiver
 * (the local SEFAZ) checks a document it did not build with the same rules. It reads with the
 * strict reader of @emissor/xml and matches names without their prefix: it assumes a schema-valid
 * document (validate first), whose namespace the schema has fixed.
 */

function text(e: XmlElement | undefined, path: string): string | undefined {
  return elementAt(e, path)?.text.trim();
}

function sphere(g: XmlElement | undefined, rateTag: string, valueTag: string): RtcSphere {
  const dif = childNamed(g, 'gDif');
  const red = childNamed(g, 'gRed');
  const vDevTrib = text(g, 'gDevTrib/vDevTrib');
  return {
    rate: text(g, rateTag) ?? '',
    ...(dif ? { deferral: { pDif: text(dif, 'pDif') ?? '', vDif: text(dif, 'vDif') ?? '' } } : {}),
    ...(vDevTrib !== undefined ? { vDevTrib } : {}),
    ...(red
      ? {
          reduction: {
            pRedAliq: text(red, 'pRedAliq') ?? '',
            pAliqEfet: text(red, 'pAliqEfet') ?? '',
          },
        }
      : {}),
    value: text(g, valueTag) ?? '',
  };
}

/** The text of each tag under `e` (absent ones empty), keyed by tag. */
function fields<K extends string>(e: XmlElement, tags: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const tag of tags) out[tag] = text(e, tag) ?? '';
  return out;
}

function gIbsCbs(g: XmlElement): RtcGIbsCbs {
  const regular = childNamed(g, 'gTribRegular');
  const government = childNamed(g, 'gTribCompraGov');
  return {
    vBC: text(g, 'vBC') ?? '',
    gIBSUF: sphere(childNamed(g, 'gIBSUF'), 'pIBSUF', 'vIBSUF'),
    gIBSMun: sphere(childNamed(g, 'gIBSMun'), 'pIBSMun', 'vIBSMun'),
    vIBS: text(g, 'vIBS') ?? '',
    gCBS: sphere(childNamed(g, 'gCBS'), 'pCBS', 'vCBS'),
    ...(regular
      ? {
          gTribRegular: fields(regular, [
            'CSTReg',
            'cClassTribReg',
            'pAliqEfetRegIBSUF',
            'vTribRegIBSUF',
            'pAliqEfetRegIBSMun',
            'vTribRegIBSMun',
            'pAliqEfetRegCBS',
            'vTribRegCBS',
          ]),
        }
      : {}),
    ...(government
      ? {
          gTribCompraGov: fields(government, [
            'pAliqIBSUF',
            'vTribIBSUF',
            'pAliqIBSMun',
            'vTribIBSMun',
            'pAliqCBS',
            'vTribCBS',
          ]),
        }
      : {}),
  };
}

/** gMonoPadrao (suffix ''), gMonoReten ('Reten') or gMonoRet ('Ret'). */
function monoQuantity(
  e: XmlElement | undefined,
  suffix: '' | 'Reten' | 'Ret',
): RtcMonoQuantity | undefined {
  if (!e) return undefined;
  return {
    quantity: text(e, `qBCMono${suffix}`) ?? '',
    adRemIBS: text(e, `adRemIBS${suffix}`) ?? '',
    vIBS: text(e, `vIBSMono${suffix}`) ?? '',
    adRemCBS: text(e, `adRemCBS${suffix}`) ?? '',
    vCBS: text(e, `vCBSMono${suffix}`) ?? '',
  };
}

function mono(m: XmlElement): RtcMono {
  const padrao = monoQuantity(childNamed(m, 'gMonoPadrao'), '');
  const reten = monoQuantity(childNamed(m, 'gMonoReten'), 'Reten');
  const ret = monoQuantity(childNamed(m, 'gMonoRet'), 'Ret');
  const dif = childNamed(m, 'gMonoDif');
  return {
    ...(padrao ? { gMonoPadrao: padrao } : {}),
    ...(reten ? { gMonoReten: reten } : {}),
    ...(ret ? { gMonoRet: ret } : {}),
    ...(dif ? { gMonoDif: fields(dif, ['pDifIBS', 'vIBSMonoDif', 'pDifCBS', 'vCBSMonoDif']) } : {}),
    vTotIBSMonoItem: text(m, 'vTotIBSMonoItem') ?? '',
    vTotCBSMonoItem: text(m, 'vTotCBSMonoItem') ?? '',
  };
}

function credPres(e: XmlElement | undefined): RtcCredPres | undefined {
  if (!e) return undefined;
  return {
    pCredPres: text(e, 'pCredPres') ?? '',
    ...optional('vCredPres', text(e, 'vCredPres')),
    ...optional('vCredPresCondSus', text(e, 'vCredPresCondSus')),
  };
}

function ibsCbsGroup(e: XmlElement): RtcIbsCbs {
  const g = childNamed(e, 'gIBSCBS');
  const m = childNamed(e, 'gIBSCBSMono');
  const transfer = childNamed(e, 'gTransfCred');
  const adjustment = childNamed(e, 'gAjusteCompet');
  const reversal = childNamed(e, 'gEstornoCred');
  const operation = childNamed(e, 'gCredPresOper');
  const zfm = childNamed(e, 'gCredPresIBSZFM');
  const ibsCredit = credPres(childNamed(operation, 'gIBSCredPres'));
  const cbsCredit = credPres(childNamed(operation, 'gCBSCredPres'));
  return {
    CST: text(e, 'CST') ?? '',
    cClassTrib: text(e, 'cClassTrib') ?? '',
    ...(text(e, 'indDoacao') === '1' ? { indDoacao: '1' as const } : {}),
    ...(g ? { gIBSCBS: gIbsCbs(g) } : {}),
    ...(m ? { gIBSCBSMono: mono(m) } : {}),
    ...(transfer ? { gTransfCred: fields(transfer, ['vIBS', 'vCBS']) } : {}),
    ...(adjustment ? { gAjusteCompet: fields(adjustment, ['competApur', 'vIBS', 'vCBS']) } : {}),
    ...(reversal ? { gEstornoCred: fields(reversal, ['vIBSEstCred', 'vCBSEstCred']) } : {}),
    ...(operation
      ? {
          gCredPresOper: {
            ...fields(operation, ['vBCCredPres', 'cCredPres']),
            ...(ibsCredit ? { gIBSCredPres: ibsCredit } : {}),
            ...(cbsCredit ? { gCBSCredPres: cbsCredit } : {}),
          },
        }
      : {}),
    ...(zfm
      ? {
          gCredPresIBSZFM: fields(zfm, ['competApur', 'tpCredPresIBSZFM', 'vCredPresIBSZFM']),
        }
      : {}),
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

function isGroup(e: XmlElement): RtcIs {
  return {
    CSTIS: text(e, 'CSTIS') ?? '',
    cClassTribIS: text(e, 'cClassTribIS') ?? '',
    ...optional('vBCIS', text(e, 'vBCIS')),
    ...optional('pIS', text(e, 'pIS')),
    ...optional('pISEspec', text(e, 'pISEspec')),
    ...optional('uTrib', text(e, 'uTrib')),
    ...optional('qTrib', text(e, 'qTrib')),
    ...optional('vIS', text(e, 'vIS')),
  };
}

/** The first element of a group of alternatives (ICMS00, ICMSSN102, …): its child of that name. */
function firstChild(e: XmlElement | undefined): XmlElement | undefined {
  return e?.children[0];
}

function itemValues(det: XmlElement): RtcItemValues {
  const prod = childNamed(det, 'prod');
  const imposto = childNamed(det, 'imposto');
  const icms = firstChild(childNamed(imposto, 'ICMS'));
  const deducts = text(icms, 'indDeduzDeson') === '1';
  return {
    vProd: text(prod, 'vProd') ?? '0',
    ...optional('vDesc', text(prod, 'vDesc')),
    ...optional('vICMSDeson', deducts ? text(icms, 'vICMSDeson') : undefined),
    ...optional('vICMSST', text(icms, 'vICMSST')),
    ...optional('vICMSMonoReten', text(icms, 'vICMSMonoReten')),
    ...optional('vFCPST', text(icms, 'vFCPST')),
    ...optional('vFrete', text(prod, 'vFrete')),
    ...optional('vSeg', text(prod, 'vSeg')),
    ...optional('vOutro', text(prod, 'vOutro')),
    ...optional('vII', text(imposto, 'II/vII')),
    ...optional('vIPI', text(imposto, 'IPI/IPITrib/vIPI')),
    ...optional('vIPIDevol', text(det, 'impostoDevol/IPI/vIPIDevol')),
    ...optional(
      'vPISST',
      text(imposto, 'PISST/indSomaPISST') === '1' ? text(imposto, 'PISST/vPIS') : undefined,
    ),
    ...optional(
      'vCOFINSST',
      text(imposto, 'COFINSST/indSomaCOFINSST') === '1'
        ? text(imposto, 'COFINSST/vCOFINS')
        : undefined,
    ),
  };
}

const OTHER_TAXES: readonly RtcOtherTax[] = ['ICMS', 'IPI', 'II', 'PIS', 'COFINS', 'ISSQN'];

function item(det: XmlElement, index: number): RtcItem {
  const imposto = childNamed(det, 'imposto');
  const ibsCbs = childNamed(imposto, 'IBSCBS');
  const is = childNamed(imposto, 'IS');
  const nItem = det.attributes.get('nItem');
  const indTot = text(det, 'prod/indTot');
  return {
    nItem: nItem !== undefined && /^\d+$/.test(nItem) ? Number(nItem) : index + 1,
    ...(indTot === '0' ? { indTot: '0' as const } : {}),
    ...(ibsCbs ? { IBSCBS: ibsCbsGroup(ibsCbs) } : {}),
    ...(is ? { IS: isGroup(is) } : {}),
    ...optional('vItem', text(det, 'vItem')),
    values: itemValues(det),
    otherTaxes: OTHER_TAXES.filter((tax) => childNamed(imposto, tax) !== undefined),
  };
}

function totals(t: XmlElement): RtcIbsCbsTot {
  const ibs = childNamed(t, 'gIBS');
  const cbs = childNamed(t, 'gCBS');
  const mono = childNamed(t, 'gMono');
  const reversal = childNamed(t, 'gEstornoCred');
  const v = (e: XmlElement | undefined, path: string) => text(e, path) ?? '';
  return {
    vBCIBSCBS: v(t, 'vBCIBSCBS'),
    ...(ibs
      ? {
          gIBS: {
            gIBSUF: {
              vDif: v(ibs, 'gIBSUF/vDif'),
              vDevTrib: v(ibs, 'gIBSUF/vDevTrib'),
              vIBSUF: v(ibs, 'gIBSUF/vIBSUF'),
            },
            gIBSMun: {
              vDif: v(ibs, 'gIBSMun/vDif'),
              vDevTrib: v(ibs, 'gIBSMun/vDevTrib'),
              vIBSMun: v(ibs, 'gIBSMun/vIBSMun'),
            },
            vIBS: v(ibs, 'vIBS'),
            vCredPres: v(ibs, 'vCredPres'),
            vCredPresCondSus: v(ibs, 'vCredPresCondSus'),
          },
        }
      : {}),
    ...(cbs
      ? {
          gCBS: {
            vDif: v(cbs, 'vDif'),
            vDevTrib: v(cbs, 'vDevTrib'),
            vCBS: v(cbs, 'vCBS'),
            vCredPres: v(cbs, 'vCredPres'),
            vCredPresCondSus: v(cbs, 'vCredPresCondSus'),
          },
        }
      : {}),
    ...(mono
      ? {
          gMono: fields(mono, [
            'vIBSMono',
            'vCBSMono',
            'vIBSMonoReten',
            'vCBSMonoReten',
            'vIBSMonoRet',
            'vCBSMonoRet',
          ]),
        }
      : {}),
    ...(reversal ? { gEstornoCred: fields(reversal, ['vIBSEstCred', 'vCBSEstCred']) } : {}),
  };
}

/**
 * The IBS/CBS/IS values of an `NFe` (or `nfeProc`, or an `enviNFe` holding one NFe) as
 * `checkRtcDocument` takes them. Reads the first `infNFe` found: in the XML text (a whole
 * document, which must be well-formed: XmlError otherwise), or below an element already read with
 * @emissor/xml (a receiver that has read the message needs no second parse, nor the namespace
 * declarations of the ancestors).
 */
export function readRtcDocument(xml: string | XmlElement): RtcDocument {
  const root = typeof xml === 'string' ? readXmlTree(xml) : xml;
  const inf = firstElement(root, (e) => e.localName === 'infNFe');
  if (!inf) throw new Error('no infNFe element');
  const total = childNamed(inf, 'total');
  const ibsCbsTot = childNamed(total, 'IBSCBSTot');
  const pRedutor = text(inf, 'ide/gCompraGov/pRedutor');
  return {
    finNFe: text(inf, 'ide/finNFe') ?? '1',
    ...optional('tpNFDebito', text(inf, 'ide/tpNFDebito')),
    ...optional('tpNFCredito', text(inf, 'ide/tpNFCredito')),
    ...optional('cUF', text(inf, 'ide/cUF')),
    ...(pRedutor !== undefined ? { pRedutor } : {}),
    itens: inf.children.filter((c) => c.localName === 'det').map(item),
    ...(ibsCbsTot ? { IBSCBSTot: totals(ibsCbsTot) } : {}),
    ...optional('vISTot', text(total, 'ISTot/vIS')),
    ...optional('vNFTot', text(total, 'vNFTot')),
  };
}
