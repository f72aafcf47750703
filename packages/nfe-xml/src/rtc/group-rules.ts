import {
  addDecimals,
  type Decimal,
  decimal,
  decimalToString,
  signOf,
  subtractDecimals,
} from '../decimal.js';
import { sphereValue, VALUE_TOLERANCE, within } from './arithmetic.js';
import { IBS_CBS_CSTS } from './cst-table.js';
import type { RtcCheckOptions, RtcDocument, RtcGIbsCbs, RtcIbsCbs } from './document.js';
import { readDecimal as value } from './read.js';
import type { Violations } from './violations.js';

/*
 * The rules of the IBSCBS groups beyond the three spheres: which group a CST calls for, the
 * monophase totals, credit transfer, period adjustment, credit reversal, presumed credit (of the
 * operation and of the Zona Franca de Manaus), regular taxation and government purchases.
 * Ids and rejection codes: NT 2025.002 v1.31 §7 "Grupo UB" (a text transcription of the PDF; the
 * research file shared/research/ibs-cbs.md gives the CST indicators). Rules that need the
 * cClassTrib or cCredPres tables (not in shared/) are not checked.
 */

type Ref = { readonly rule: string; readonly cStat?: number };

/**
 * The IBSCBS groups one CST indicator calls for (cst-table.ts), with the rule refusing each when
 * the CST does not call for it and the rule requiring it when the CST does (UB13-20…UB13-45,
 * UB112-10/20, UB131-20/30). A debit note of stock loss (tpNFDebito 07) needs neither gIBSCBS nor
 * gIBSCBSMono (UB13-30, UB13-40 exceptions).
 */
export const GROUP_NAMES = [
  'gIBSCBS',
  'gIBSCBSMono',
  'gTransfCred',
  'gAjusteCompet',
  'gCredPresIBSZFM',
] as const;

export const GROUP_PRESENCE: Record<
  (typeof GROUP_NAMES)[number],
  { readonly required: Ref; readonly forbidden: Ref }
> = {
  gIBSCBS: {
    required: { rule: 'UB13-30', cStat: 1022 },
    forbidden: { rule: 'UB13-20', cStat: 1021 },
  },
  gIBSCBSMono: {
    required: { rule: 'UB13-40', cStat: 1116 },
    forbidden: { rule: 'UB13-39', cStat: 1151 },
  },
  gTransfCred: {
    required: { rule: 'UB13-45', cStat: 1132 },
    forbidden: { rule: 'UB13-44', cStat: 1131 },
  },
  gAjusteCompet: {
    required: { rule: 'UB112-20', cStat: 1170 },
    forbidden: { rule: 'UB112-10', cStat: 1169 },
  },
  gCredPresIBSZFM: {
    required: { rule: 'UB131-30', cStat: 1135 },
    forbidden: { rule: 'UB131-20', cStat: 1134 },
  },
};

/** UB82a-20: the government split may differ from the sum of the taxes by up to 0.04. */
const GOVERNMENT_TOLERANCE = decimal('0.04');
/** ide/cUF of Amazonas, the only state whose emitters give gCredPresIBSZFM (UB109-10). */
const AMAZONAS = '13';

const show = (v: Decimal) => decimalToString(v);
const zero = (...texts: (string | undefined)[]) => texts.every((t) => signOf(value(t)) === 0);

/** gTribRegular and gTribCompraGov inside gIBSCBS. */
export function checkSpecialTaxation(
  out: Violations,
  index: number,
  g: RtcGIbsCbs,
  doc: RtcDocument,
): void {
  const vBC = value(g.vBC);
  const r = g.gTribRegular;
  if (r) {
    const at = 'IBSCBS/gIBSCBS/gTribRegular';
    if (!IBS_CBS_CSTS.has(r.CSTReg))
      out.add(
        { rule: 'UB69-10', cStat: 1066 },
        index,
        `${at}/CSTReg`,
        `CSTReg ${r.CSTReg} is not in the CST table`,
      );
    if (r.cClassTribReg.slice(0, 3) !== r.CSTReg)
      out.add(
        { rule: 'UB70-10', cStat: 1067 },
        index,
        `${at}/cClassTribReg`,
        `cClassTribReg ${r.cClassTribReg} does not belong to CSTReg ${r.CSTReg}`,
      );
    for (const [ref, rateTag, valueTag, rate, written] of [
      [
        { rule: 'UB72-10', cStat: 1040 },
        'pAliqEfetRegIBSUF',
        'vTribRegIBSUF',
        r.pAliqEfetRegIBSUF,
        r.vTribRegIBSUF,
      ],
      [
        { rule: 'UB72b-10', cStat: 1051 },
        'pAliqEfetRegIBSMun',
        'vTribRegIBSMun',
        r.pAliqEfetRegIBSMun,
        r.vTribRegIBSMun,
      ],
      [
        { rule: 'UB72d-10', cStat: 1068 },
        'pAliqEfetRegCBS',
        'vTribRegCBS',
        r.pAliqEfetRegCBS,
        r.vTribRegCBS,
      ],
    ] as const) {
      const expected = sphereValue(vBC, value(rate));
      if (!within(value(written), expected, VALUE_TOLERANCE))
        out.add(
          ref,
          index,
          `${at}/${valueTag}`,
          `${valueTag} ${show(value(written))} should be vBC × ${rateTag}/100 = ${show(expected)} (±0.01)`,
        );
    }
  }

  const c = g.gTribCompraGov;
  const government = doc.pRedutor !== undefined;
  const at = 'IBSCBS/gIBSCBS/gTribCompraGov';
  if (government && !c)
    out.add(
      { rule: 'UB82a-10', cStat: 1141 },
      index,
      at,
      'a government purchase (gCompraGov) needs gTribCompraGov in every item with gIBSCBS',
    );
  if (!government && c)
    out.add(
      { rule: 'UB82a-30', cStat: 1144 },
      index,
      at,
      'gTribCompraGov given but the document is not a government purchase (no gCompraGov)',
    );
  if (c) {
    const split = [c.vTribIBSUF, c.vTribIBSMun, c.vTribCBS].map(value).reduce(addDecimals);
    const taxes = [g.gIBSUF.value, g.gIBSMun.value, g.gCBS.value].map(value).reduce(addDecimals);
    if (!within(split, taxes, GOVERNMENT_TOLERANCE))
      out.add(
        { rule: 'UB82a-20', cStat: 1142 },
        index,
        at,
        `vTribIBSUF + vTribIBSMun + vTribCBS = ${show(split)} should be vIBSUF + vIBSMun + vCBS = ${show(taxes)} (±0.04)`,
      );
  }
}

/** The monophase item totals, credit transfer and adjustment, reversal and presumed credits. */
export function checkOtherGroups(
  out: Violations,
  index: number,
  group: RtcIbsCbs,
  doc: RtcDocument,
  options: RtcCheckOptions,
): void {
  const m = group.gIBSCBSMono;
  if (m) {
    const at = 'IBSCBS/gIBSCBSMono';
    for (const [ref, tag, parts] of [
      [
        { rule: 'UB104-10', cStat: 1070 },
        'vTotIBSMonoItem',
        [m.gMonoPadrao?.vIBS, m.gMonoReten?.vIBS, m.gMonoDif?.vIBSMonoDif],
      ],
      [
        { rule: 'UB105-10', cStat: 1071 },
        'vTotCBSMonoItem',
        [m.gMonoPadrao?.vCBS, m.gMonoReten?.vCBS, m.gMonoDif?.vCBSMonoDif],
      ],
    ] as const) {
      const expected = subtractDecimals(
        addDecimals(value(parts[0]), value(parts[1])),
        value(parts[2]),
      );
      const written = value(tag === 'vTotIBSMonoItem' ? m.vTotIBSMonoItem : m.vTotCBSMonoItem);
      if (!within(written, expected, VALUE_TOLERANCE))
        out.add(
          ref,
          index,
          `${at}/${tag}`,
          `${tag} ${show(written)} should be the standard + retained − deferred monophase tax, ${show(expected)} (±0.01)`,
        );
    }
  }

  const t = group.gTransfCred;
  if (t) {
    const at = 'IBSCBS/gTransfCred';
    if (doc.finNFe !== '6')
      out.add(
        { rule: 'UB106-30', cStat: 1133 },
        index,
        at,
        `credit is transferred (gTransfCred) only in a debit note (finNFe 6), not finNFe ${doc.finNFe}`,
      );
    else if (doc.tpNFDebito !== '01' && doc.tpNFDebito !== '05')
      out.add(
        { rule: 'UB106-31', cStat: 1168 },
        index,
        at,
        `gTransfCred needs tpNFDebito 01 (to a cooperative) or 05 (succession), not ${doc.tpNFDebito ?? 'none'}`,
      );
    if (zero(t.vIBS, t.vCBS))
      out.add(
        { rule: 'UB106-40', cStat: 1129 },
        index,
        at,
        'gTransfCred: vIBS or vCBS must be above 0',
      );
  }

  const a = group.gAjusteCompet;
  if (a && zero(a.vIBS, a.vCBS))
    out.add(
      { rule: 'UB112-30', cStat: 1171 },
      index,
      'IBSCBS/gAjusteCompet',
      'gAjusteCompet: vIBS or vCBS must be above 0',
    );

  const e = group.gEstornoCred;
  if (e && doc.tpNFDebito !== '07' && zero(e.vIBSEstCred, e.vCBSEstCred))
    out.add(
      { rule: 'UB116-30', cStat: 1174 },
      index,
      'IBSCBS/gEstornoCred',
      'gEstornoCred: vIBSEstCred or vCBSEstCred must be above 0',
    );

  const o = group.gCredPresOper;
  if (o && options.year !== undefined) {
    // Credit under a suspensive condition exists for IBS from 2033 and for CBS from 2027.
    if (o.gIBSCredPres?.vCredPresCondSus !== undefined && options.year < 2033)
      out.add(
        { rule: 'UB126-10', cStat: 1056 },
        index,
        'IBSCBS/gCredPresOper/gIBSCredPres/vCredPresCondSus',
        `IBS presumed credit under a suspensive condition is given only from 2033, not in ${options.year}`,
      );
    if (o.gCBSCredPres?.vCredPresCondSus !== undefined && options.year < 2027)
      out.add(
        { rule: 'UB130-10', cStat: 1060 },
        index,
        'IBSCBS/gCredPresOper/gCBSCredPres/vCredPresCondSus',
        `CBS presumed credit under a suspensive condition is given only from 2027, not in ${options.year}`,
      );
  }

  const z = group.gCredPresIBSZFM;
  if (z) {
    const at = 'IBSCBS/gCredPresIBSZFM';
    if (doc.cUF !== undefined && doc.cUF !== AMAZONAS)
      out.add(
        { rule: 'UB109-10', cStat: 1134 },
        index,
        at,
        `only an emitter in Amazonas (cUF 13) gives gCredPresIBSZFM, not cUF ${doc.cUF}`,
      );
    if (doc.tpNFCredito !== '02')
      out.add(
        { rule: 'UB131-40', cStat: 1158 },
        index,
        at,
        `gCredPresIBSZFM goes in a credit note of tpNFCredito 02, not ${doc.tpNFCredito ?? 'none'}`,
      );
    if (options.period !== undefined && z.competApur > options.period)
      out.add(
        { rule: 'UB132-10', cStat: 1160 },
        index,
        `${at}/competApur`,
        `competApur ${z.competApur} is after the month of issue, ${options.period}`,
      );
    const earlier = doc.itens
      .slice(0, index)
      .some((item) => item.IBSCBS?.gCredPresIBSZFM?.tpCredPresIBSZFM === z.tpCredPresIBSZFM);
    if (earlier)
      out.add(
        { rule: 'UB133-10', cStat: 1136 },
        index,
        `${at}/tpCredPresIBSZFM`,
        `tpCredPresIBSZFM ${z.tpCredPresIBSZFM} repeats an earlier item's`,
      );
  }
}
