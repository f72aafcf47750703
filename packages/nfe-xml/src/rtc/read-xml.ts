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
 * (the local SEFAZ) checks a document it did not build with the same rules. A small element reader:
 * names without their prefix, text content, `nItem` of det; comments, processing instructions and
 * CDATA-free text are all an NF-e holds. It assumes a schema-valid document (validate first).
 */

interface Element {
  readonly name: string;
  readonly attributes: string;
  readonly children: Element[];
  text: string;
}

const TOKEN = /<(\/?)([A-Za-z_][\w.:-]*)([^>]*?)(\/?)>|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|([^<]+)/g;

function parse(xml: string): Element {
  const root: Element = { name: '#root', attributes: '', children: [], text: '' };
  const stack: Element[] = [root];
  for (const m of xml.matchAll(TOKEN)) {
    const top = stack[stack.length - 1] as Element;
    if (m[5] !== undefined) {
      top.text += m[5];
      continue;
    }
    if (m[2] === undefined) continue;
    const name = m[2].includes(':') ? m[2].slice(m[2].indexOf(':') + 1) : m[2];
    if (m[1]) {
      stack.pop();
      continue;
    }
    const element: Element = { name, attributes: m[3] ?? '', children: [], text: '' };
    top.children.push(element);
    if (!m[4]) stack.push(element);
  }
  return root;
}

function child(e: Element | undefined, name: string): Element | undefined {
  return e?.children.find((c) => c.name === name);
}

function at(e: Element | undefined, path: string): Element | undefined {
  let node = e;
  for (const name of path.split('/')) node = child(node, name);
  return node;
}

function text(e: Element | undefined, path: string): string | undefined {
  const node = at(e, path);
  return node === undefined ? undefined : decodeText(node.text.trim());
}

function decodeText(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}

function sphere(g: Element | undefined, rateTag: string, valueTag: string): RtcSphere {
  const dif = child(g, 'gDif');
  const red = child(g, 'gRed');
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
function fields<K extends string>(e: Element, tags: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const tag of tags) out[tag] = text(e, tag) ?? '';
  return out;
}

function gIbsCbs(g: Element): RtcGIbsCbs {
  const regular = child(g, 'gTribRegular');
  const government = child(g, 'gTribCompraGov');
  return {
    vBC: text(g, 'vBC') ?? '',
    gIBSUF: sphere(child(g, 'gIBSUF'), 'pIBSUF', 'vIBSUF'),
    gIBSMun: sphere(child(g, 'gIBSMun'), 'pIBSMun', 'vIBSMun'),
    vIBS: text(g, 'vIBS') ?? '',
    gCBS: sphere(child(g, 'gCBS'), 'pCBS', 'vCBS'),
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
  e: Element | undefined,
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

function mono(m: Element): RtcMono {
  const padrao = monoQuantity(child(m, 'gMonoPadrao'), '');
  const reten = monoQuantity(child(m, 'gMonoReten'), 'Reten');
  const ret = monoQuantity(child(m, 'gMonoRet'), 'Ret');
  const dif = child(m, 'gMonoDif');
  return {
    ...(padrao ? { gMonoPadrao: padrao } : {}),
    ...(reten ? { gMonoReten: reten } : {}),
    ...(ret ? { gMonoRet: ret } : {}),
    ...(dif ? { gMonoDif: fields(dif, ['pDifIBS', 'vIBSMonoDif', 'pDifCBS', 'vCBSMonoDif']) } : {}),
    vTotIBSMonoItem: text(m, 'vTotIBSMonoItem') ?? '',
    vTotCBSMonoItem: text(m, 'vTotCBSMonoItem') ?? '',
  };
}

function credPres(e: Element | undefined): RtcCredPres | undefined {
  if (!e) return undefined;
  return {
    pCredPres: text(e, 'pCredPres') ?? '',
    ...optional('vCredPres', text(e, 'vCredPres')),
    ...optional('vCredPresCondSus', text(e, 'vCredPresCondSus')),
  };
}

function ibsCbsGroup(e: Element): RtcIbsCbs {
  const g = child(e, 'gIBSCBS');
  const m = child(e, 'gIBSCBSMono');
  const transfer = child(e, 'gTransfCred');
  const adjustment = child(e, 'gAjusteCompet');
  const reversal = child(e, 'gEstornoCred');
  const operation = child(e, 'gCredPresOper');
  const zfm = child(e, 'gCredPresIBSZFM');
  const ibsCredit = credPres(child(operation, 'gIBSCredPres'));
  const cbsCredit = credPres(child(operation, 'gCBSCredPres'));
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

function isGroup(e: Element): RtcIs {
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
function firstChild(e: Element | undefined): Element | undefined {
  return e?.children[0];
}

function itemValues(det: Element): RtcItemValues {
  const prod = child(det, 'prod');
  const imposto = child(det, 'imposto');
  const icms = firstChild(child(imposto, 'ICMS'));
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

function item(det: Element, index: number): RtcItem {
  const imposto = child(det, 'imposto');
  const ibsCbs = child(imposto, 'IBSCBS');
  const is = child(imposto, 'IS');
  const nItem = /nItem\s*=\s*["'](\d+)["']/.exec(det.attributes)?.[1];
  const indTot = text(det, 'prod/indTot');
  return {
    nItem: nItem ? Number(nItem) : index + 1,
    ...(indTot === '0' ? { indTot: '0' as const } : {}),
    ...(ibsCbs ? { IBSCBS: ibsCbsGroup(ibsCbs) } : {}),
    ...(is ? { IS: isGroup(is) } : {}),
    ...optional('vItem', text(det, 'vItem')),
    values: itemValues(det),
    otherTaxes: OTHER_TAXES.filter((tax) => child(imposto, tax) !== undefined),
  };
}

function totals(t: Element): RtcIbsCbsTot {
  const ibs = child(t, 'gIBS');
  const cbs = child(t, 'gCBS');
  const mono = child(t, 'gMono');
  const reversal = child(t, 'gEstornoCred');
  const v = (e: Element | undefined, path: string) => text(e, path) ?? '';
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
 * `checkRtcDocument` takes them. Reads the first `infNFe` found.
 */
export function readRtcDocument(xml: string): RtcDocument {
  const root = parse(xml);
  const find = (e: Element): Element | undefined =>
    e.name === 'infNFe' ? e : e.children.map(find).find((x) => x !== undefined);
  const inf = find(root);
  if (!inf) throw new Error('no infNFe element');
  const total = child(inf, 'total');
  const ibsCbsTot = child(total, 'IBSCBSTot');
  const pRedutor = text(inf, 'ide/gCompraGov/pRedutor');
  return {
    finNFe: text(inf, 'ide/finNFe') ?? '1',
    ...optional('tpNFDebito', text(inf, 'ide/tpNFDebito')),
    ...optional('tpNFCredito', text(inf, 'ide/tpNFCredito')),
    ...optional('cUF', text(inf, 'ide/cUF')),
    ...(pRedutor !== undefined ? { pRedutor } : {}),
    itens: inf.children.filter((c) => c.name === 'det').map(item),
    ...(ibsCbsTot ? { IBSCBSTot: totals(ibsCbsTot) } : {}),
    ...optional('vISTot', text(total, 'ISTot/vIS')),
    ...optional('vNFTot', text(total, 'vNFTot')),
  };
}
