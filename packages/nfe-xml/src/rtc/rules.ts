import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalToString,
  signOf,
  subtractDecimals,
  ZERO,
} from '../decimal.js';
import {
  deferredValue,
  effectiveRate,
  RATE_TOLERANCE,
  selectiveTaxValue,
  sphereValue,
  VALUE_TOLERANCE,
  within,
} from './arithmetic.js';
import { IBS_CBS_CSTS } from './cst-table.js';
import type {
  RtcCheckOptions,
  RtcDocument,
  RtcGIbsCbs,
  RtcIbsCbs,
  RtcIbsCbsTot,
  RtcItem,
  RtcSphere,
  RtcViolation,
  XmlDecimal,
} from './document.js';
import {
  checkOtherGroups,
  checkSpecialTaxation,
  GROUP_NAMES,
  GROUP_PRESENCE,
} from './group-rules.js';
import { readDecimal } from './read.js';
import { SPHERES, type SphereRules, TEST_YEAR_RATES } from './spheres.js';
import { Violations } from './violations.js';

/*
 * The mechanical SEFAZ rules for IBS, CBS and IS in an NF-e (NT 2025.002; shared/research/ibs-cbs.md
 * §4): presence of the groups the CST calls for, the item arithmetic with SEFAZ's tolerances, and
 * the totals as sums of the values as written. Pure: document values in, violations out. The
 * builder runs it on what it is about to write (a violation becomes a 422 naming the request line);
 * the local SEFAZ can run it on a received document.
 */

const value = readDecimal;

function show(v: Decimal): string {
  return decimalToString(v);
}

const CCLASSTRIB = /^\d{6}$/;

function checkSphere(
  out: Violations,
  index: number,
  group: RtcGIbsCbs,
  rules: SphereRules,
  sphere: RtcSphere,
  reductionAllowed: boolean,
  deferralRequired: boolean,
  pRedutor: Decimal | undefined,
  year: number | undefined,
): void {
  const at = `IBSCBS/gIBSCBS/${rules.name}`;
  const rate = value(sphere.rate);
  const vBC = value(group.vBC);
  const government = pRedutor !== undefined;

  if (sphere.deferral && !deferralRequired)
    out.add(
      rules.deferralForbidden,
      index,
      `${at}/gDif`,
      `${rules.label}: gDif given but the CST allows no deferral`,
    );
  if (!sphere.deferral && deferralRequired)
    out.add(
      rules.deferralRequired,
      index,
      `${at}/gDif`,
      `${rules.label}: the CST is a deferral (ind_gDif=1) but gDif is missing`,
    );
  // A government purchase sends gRed (pRedAliq 0 allowed) even where the CST has no reduction.
  if (sphere.reduction && !reductionAllowed && !government)
    out.add(
      rules.reductionForbidden,
      index,
      `${at}/gRed`,
      `${rules.label}: gRed given but the CST has no rate reduction`,
    );
  if (!sphere.reduction && (reductionAllowed || government) && signOf(rate) > 0)
    out.add(
      rules.reductionRequired,
      index,
      `${at}/gRed`,
      `${rules.label}: gRed is required (the CST reduces the rate${government ? ', or a government purchase' : ''}) when the rate is above 0`,
    );

  let applied = rate;
  if (sphere.reduction) {
    const expected = effectiveRate(rate, value(sphere.reduction.pRedAliq), pRedutor);
    const given = value(sphere.reduction.pAliqEfet);
    if (!within(given, expected, RATE_TOLERANCE))
      out.add(
        rules.effectiveRate,
        index,
        `${at}/gRed/pAliqEfet`,
        `${rules.label}: pAliqEfet ${show(given)} should be ${show(expected)} (${show(rate)} × (1 − pRedAliq/100)${government ? ' × (1 − pRedutor/100)' : ''})`,
      );
    applied = given;
  }

  let vDif = ZERO;
  if (sphere.deferral) {
    vDif = value(sphere.deferral.vDif);
    const expected = deferredValue(vBC, applied, value(sphere.deferral.pDif));
    if (!within(vDif, expected, VALUE_TOLERANCE))
      out.add(
        rules.deferredValue,
        index,
        `${at}/gDif/vDif`,
        `${rules.label}: vDif ${show(vDif)} should be ${show(expected)} (vBC × rate/100 × pDif/100, ±0.01)`,
      );
  }

  const vDevTrib = value(sphere.vDevTrib);
  const expected = sphereValue(vBC, applied, vDif, vDevTrib);
  const given = value(sphere.value);
  if (!within(given, expected, VALUE_TOLERANCE))
    out.add(
      rules.value,
      index,
      `${at}/${rules.valueTag}`,
      `${rules.label}: ${rules.valueTag} ${show(given)} should be ${show(expected)} (vBC × rate/100 − vDif − vDevTrib, ±0.01)`,
    );
  if (signOf(expected) < 0)
    out.add(
      rules.value,
      index,
      `${at}/${rules.valueTag}`,
      `${rules.label}: vDif + vDevTrib exceed the tax on the base`,
    );

  const testRate = year === undefined ? undefined : TEST_YEAR_RATES.get(year)?.[rules.name];
  if (testRate !== undefined && signOf(rate) !== 0 && compareDecimals(rate, value(testRate)) !== 0)
    out.add(
      rules.rate,
      index,
      `${at}/${rules.rateTag}`,
      `${rules.label}: the rate in ${year} is ${testRate} % (or 0), not ${show(rate)} %`,
    );
}

function checkIbsCbs(
  out: Violations,
  index: number,
  item: RtcItem,
  doc: RtcDocument,
  pRedutor: Decimal | undefined,
  options: RtcCheckOptions,
): void {
  const group = item.IBSCBS;
  if (!group) return;
  const row = IBS_CBS_CSTS.get(group.CST);
  if (!row) {
    out.add(
      { rule: 'UB13-10', cStat: 1020 },
      index,
      'IBSCBS/CST',
      `CST ${group.CST} is not in the IBS/CBS CST table`,
    );
    return;
  }
  if (!CCLASSTRIB.test(group.cClassTrib) || group.cClassTrib.slice(0, 3) !== group.CST)
    out.add(
      { rule: 'UB14-20', cStat: 1024 },
      index,
      'IBSCBS/cClassTrib',
      `cClassTrib ${group.cClassTrib} does not belong to CST ${group.CST} (its first three digits are the CST)`,
    );
  for (const name of GROUP_NAMES) {
    const present = group[name] !== undefined;
    const wanted = row.group === name;
    const refs = GROUP_PRESENCE[name];
    if (present && !wanted)
      out.add(refs.forbidden, index, `IBSCBS/${name}`, `CST ${group.CST} takes no ${name}`);
    const stockLoss = doc.tpNFDebito === '07' && (name === 'gIBSCBS' || name === 'gIBSCBSMono');
    if (!present && wanted && !stockLoss)
      out.add(refs.required, index, `IBSCBS/${name}`, `CST ${group.CST} requires ${name}`);
  }
  checkOtherGroups(out, index, group, doc, options);
  const g = group.gIBSCBS;
  if (!g || row.group !== 'gIBSCBS') return;
  const spheres = [g.gIBSUF, g.gIBSMun, g.gCBS];
  SPHERES.forEach((rules, s) =>
    checkSphere(
      out,
      index,
      g,
      rules,
      spheres[s] as RtcSphere,
      row.reduction,
      row.deferral,
      pRedutor,
      options.year,
    ),
  );
  const vIBS = addDecimals(value(g.gIBSUF.value), value(g.gIBSMun.value));
  if (compareDecimals(value(g.vIBS), vIBS) !== 0)
    out.add(
      { rule: 'UB54a-10', cStat: 1150 },
      index,
      'IBSCBS/gIBSCBS/vIBS',
      `vIBS ${show(value(g.vIBS))} should be vIBSUF + vIBSMun = ${show(vIBS)}`,
    );
  checkSpecialTaxation(out, index, g, doc);
}

function checkIs(out: Violations, index: number, item: RtcItem): void {
  const is = item.IS;
  if (!is) return;
  const valued = [is.vBCIS, is.pIS, is.vIS];
  if (valued.some((v) => v !== undefined) && valued.some((v) => v === undefined)) {
    out.add({ rule: 'IS-schema' }, index, 'IS', 'IS with values needs vBCIS, pIS and vIS together');
    return;
  }
  if ((is.uTrib === undefined) !== (is.qTrib === undefined))
    out.add({ rule: 'IS-schema' }, index, 'IS', 'IS uTrib and qTrib go together');
  // The specific-rate part of UB11-10 (quantity × pISEspec) is not modelled: only ad valorem is checked.
  if (is.vIS !== undefined && is.pISEspec === undefined) {
    const expected = selectiveTaxValue(value(is.vBCIS), value(is.pIS));
    if (!within(value(is.vIS), expected, VALUE_TOLERANCE))
      out.add(
        { rule: 'UB11-10', cStat: 1019 },
        index,
        'IS/vIS',
        `vIS ${show(value(is.vIS))} should be vBCIS × pIS/100 = ${show(expected)} (±0.01)`,
      );
  }
}

/**
 * vItem = vProd − vDesc − vICMSDeson + vICMSST + vICMSMonoReten + vFCPST + vFrete + vSeg + vOutro +
 * vII + vIPI + vIPIDevol (VB01-10). IBS, CBS and IS are not added: in 2025–2026 by the rule's own
 * exception, and from 2027 because NT 2026.008 puts them inside vProd.
 */
export function itemTotal(values: NonNullable<RtcItem['values']>): Decimal {
  let total = subtractDecimals(
    subtractDecimals(value(values.vProd), value(values.vDesc)),
    value(values.vICMSDeson),
  );
  for (const part of [
    values.vICMSST,
    values.vICMSMonoReten,
    values.vFCPST,
    values.vFrete,
    values.vSeg,
    values.vOutro,
    values.vII,
    values.vIPI,
    values.vIPIDevol,
    values.vPISST,
    values.vCOFINSST,
  ])
    total = addDecimals(total, value(part));
  return total;
}

function checkItemTotal(out: Violations, index: number, item: RtcItem, rtc: boolean): void {
  if (item.vItem === undefined) {
    if (rtc)
      out.add(
        { rule: 'VB01-05' },
        index,
        'vItem',
        'vItem is required in every det of a document that carries IBSCBS',
      );
    return;
  }
  if (!item.values) return;
  const expected = itemTotal(item.values);
  if (compareDecimals(value(item.vItem), expected) !== 0)
    out.add(
      { rule: 'VB01-10', cStat: 1105 },
      index,
      'vItem',
      `vItem ${show(value(item.vItem))} should be ${show(expected)} (vProd − vDesc − vICMSDeson + vICMSST + vICMSMonoReten + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + PIS-ST + COFINS-ST; IBS/CBS/IS not added)`,
    );
}

function checkSum<T>(
  out: Violations,
  ref: { rule: string; cStat?: number },
  field: string,
  written: XmlDecimal | undefined,
  groups: readonly T[],
  pick: (g: T) => XmlDecimal | undefined,
): void {
  let sum = ZERO;
  for (const g of groups) sum = addDecimals(sum, value(pick(g)));
  if (written === undefined) {
    if (signOf(sum) !== 0)
      out.add(ref, undefined, field, `${field} is missing; the items sum to ${show(sum)}`);
    return;
  }
  if (compareDecimals(value(written), sum) !== 0)
    out.add(
      ref,
      undefined,
      field,
      `${field} ${show(value(written))} should be the sum of the items, ${show(sum)}`,
    );
}

const SUM = { rule: 'IBSCBSTot-sum' };

function checkIbsCbsTotals(out: Violations, tot: RtcIbsCbsTot, items: RtcIbsCbs[]): void {
  const at = 'total/IBSCBSTot';
  const groups = items.flatMap((item) => (item.gIBSCBS ? [item.gIBSCBS] : []));
  checkSum(out, SUM, `${at}/vBCIBSCBS`, tot.vBCIBSCBS, groups, (g) => g.vBC);
  const ibs = tot.gIBS;
  checkSum(
    out,
    SUM,
    `${at}/gIBS/gIBSUF/vDif`,
    ibs?.gIBSUF.vDif,
    groups,
    (g) => g.gIBSUF.deferral?.vDif,
  );
  checkSum(
    out,
    SUM,
    `${at}/gIBS/gIBSUF/vDevTrib`,
    ibs?.gIBSUF.vDevTrib,
    groups,
    (g) => g.gIBSUF.vDevTrib,
  );
  checkSum(out, SUM, `${at}/gIBS/gIBSUF/vIBSUF`, ibs?.gIBSUF.vIBSUF, groups, (g) => g.gIBSUF.value);
  checkSum(
    out,
    SUM,
    `${at}/gIBS/gIBSMun/vDif`,
    ibs?.gIBSMun.vDif,
    groups,
    (g) => g.gIBSMun.deferral?.vDif,
  );
  checkSum(
    out,
    SUM,
    `${at}/gIBS/gIBSMun/vDevTrib`,
    ibs?.gIBSMun.vDevTrib,
    groups,
    (g) => g.gIBSMun.vDevTrib,
  );
  checkSum(
    out,
    SUM,
    `${at}/gIBS/gIBSMun/vIBSMun`,
    ibs?.gIBSMun.vIBSMun,
    groups,
    (g) => g.gIBSMun.value,
  );
  checkSum(
    out,
    { rule: 'W47-10', cStat: 1085 },
    `${at}/gIBS/vIBS`,
    ibs?.vIBS,
    groups,
    (g) => g.vIBS,
  );
  const cbs = tot.gCBS;
  checkSum(out, SUM, `${at}/gCBS/vDif`, cbs?.vDif, groups, (g) => g.gCBS.deferral?.vDif);
  checkSum(out, SUM, `${at}/gCBS/vDevTrib`, cbs?.vDevTrib, groups, (g) => g.gCBS.vDevTrib);
  checkSum(
    out,
    { rule: 'W56-10', cStat: 1091 },
    `${at}/gCBS/vCBS`,
    cbs?.vCBS,
    groups,
    (g) => g.gCBS.value,
  );
  // Presumed credit of the operation (gCredPresOper), per tax.
  const ibsCredit = (item: RtcIbsCbs) => item.gCredPresOper?.gIBSCredPres;
  const cbsCredit = (item: RtcIbsCbs) => item.gCredPresOper?.gCBSCredPres;
  checkSum(out, SUM, `${at}/gIBS/vCredPres`, ibs?.vCredPres, items, (i) => ibsCredit(i)?.vCredPres);
  checkSum(
    out,
    SUM,
    `${at}/gIBS/vCredPresCondSus`,
    ibs?.vCredPresCondSus,
    items,
    (i) => ibsCredit(i)?.vCredPresCondSus,
  );
  checkSum(out, SUM, `${at}/gCBS/vCredPres`, cbs?.vCredPres, items, (i) => cbsCredit(i)?.vCredPres);
  checkSum(
    out,
    SUM,
    `${at}/gCBS/vCredPresCondSus`,
    cbs?.vCredPresCondSus,
    items,
    (i) => cbsCredit(i)?.vCredPresCondSus,
  );
  // Monophase (gMono) and credit reversal (gEstornoCred).
  const mono = tot.gMono;
  for (const [tag, written, pick] of [
    ['vIBSMono', mono?.vIBSMono, (i: RtcIbsCbs) => i.gIBSCBSMono?.gMonoPadrao?.vIBS],
    ['vCBSMono', mono?.vCBSMono, (i: RtcIbsCbs) => i.gIBSCBSMono?.gMonoPadrao?.vCBS],
    ['vIBSMonoReten', mono?.vIBSMonoReten, (i: RtcIbsCbs) => i.gIBSCBSMono?.gMonoReten?.vIBS],
    ['vCBSMonoReten', mono?.vCBSMonoReten, (i: RtcIbsCbs) => i.gIBSCBSMono?.gMonoReten?.vCBS],
    ['vIBSMonoRet', mono?.vIBSMonoRet, (i: RtcIbsCbs) => i.gIBSCBSMono?.gMonoRet?.vIBS],
    ['vCBSMonoRet', mono?.vCBSMonoRet, (i: RtcIbsCbs) => i.gIBSCBSMono?.gMonoRet?.vCBS],
    ['vIBSEstCred', tot.gEstornoCred?.vIBSEstCred, (i: RtcIbsCbs) => i.gEstornoCred?.vIBSEstCred],
    ['vCBSEstCred', tot.gEstornoCred?.vCBSEstCred, (i: RtcIbsCbs) => i.gEstornoCred?.vCBSEstCred],
  ] as const) {
    const parent = tag.endsWith('EstCred') ? 'gEstornoCred' : 'gMono';
    checkSum(out, SUM, `${at}/${parent}/${tag}`, written, items, pick);
  }
}

function checkTotals(out: Violations, doc: RtcDocument): void {
  const withGroup = doc.itens.filter((item) => item.IBSCBS !== undefined);
  if (doc.IBSCBSTot && withGroup.length === 0)
    out.add(
      { rule: 'W34-10', cStat: 1118 },
      undefined,
      'total/IBSCBSTot',
      'IBSCBSTot given but no item carries IBSCBS',
    );
  if (!doc.IBSCBSTot && withGroup.length > 0)
    out.add(
      { rule: 'W34-20', cStat: 1119 },
      undefined,
      'total/IBSCBSTot',
      'an item carries IBSCBS but IBSCBSTot is missing',
    );
  if (doc.IBSCBSTot) {
    const groups = withGroup.flatMap((item) => (item.IBSCBS ? [item.IBSCBS] : []));
    checkIbsCbsTotals(out, doc.IBSCBSTot, groups);
    if (doc.vNFTot === undefined)
      out.add(
        { rule: 'W60-05', cStat: 1004 },
        undefined,
        'total/vNFTot',
        'vNFTot is required when IBSCBSTot is given',
      );
  }

  let vIS = ZERO;
  let anyIs = false;
  for (const item of doc.itens) {
    if (item.IS) anyIs = true;
    vIS = addDecimals(vIS, value(item.IS?.vIS));
  }
  if (doc.vISTot === undefined ? signOf(vIS) !== 0 : compareDecimals(value(doc.vISTot), vIS) !== 0)
    out.add(
      { rule: 'ISTot-sum' },
      undefined,
      'total/ISTot/vIS',
      `ISTot/vIS should be the sum of the items' vIS, ${show(vIS)}`,
    );
  if (doc.vISTot !== undefined && !anyIs)
    out.add({ rule: 'ISTot-sum' }, undefined, 'total/ISTot', 'ISTot given but no item carries IS');

  if (doc.vNFTot !== undefined) {
    let sum = ZERO;
    for (const item of doc.itens)
      if (item.indTot !== '0') sum = addDecimals(sum, value(item.vItem));
    if (compareDecimals(value(doc.vNFTot), sum) !== 0)
      out.add(
        { rule: 'W60-10', cStat: 1094 },
        undefined,
        'total/vNFTot',
        `vNFTot ${show(value(doc.vNFTot))} should be the sum of vItem of the items with indTot=1, ${show(sum)}`,
      );
  }
}

/**
 * Every mechanical rule of NT 2025.002 on the IBS/CBS/IS values of one NF-e (research §4). Returns
 * the violations, empty when the document passes. Rates are checked only when `options.year` is
 * given; the obligation of UB12-10 only with `options.requireIbsCbs`.
 */
export function checkRtcDocument(doc: RtcDocument, options: RtcCheckOptions = {}): RtcViolation[] {
  const out = new Violations();
  const pRedutor = doc.pRedutor === undefined ? undefined : value(doc.pRedutor);
  const rtc = doc.itens.some((item) => item.IBSCBS !== undefined);
  const creditOrDebitNote = doc.finNFe === '5' || doc.finNFe === '6';
  doc.itens.forEach((item, index) => {
    if (options.requireIbsCbs && !item.IBSCBS)
      out.add({ rule: 'UB12-10', cStat: 1115 }, index, 'IBSCBS', 'IBS/CBS não informado');
    if (creditOrDebitNote && (item.otherTaxes?.length ?? 0) > 0)
      out.add(
        { rule: 'B25-80', cStat: 1001 },
        index,
        'imposto',
        `a credit or debit note (finNFe ${doc.finNFe}) carries only IBS/CBS, not ${item.otherTaxes?.join(', ')}`,
      );
    checkIbsCbs(out, index, item, doc, pRedutor, options);
    checkIs(out, index, item);
    checkItemTotal(out, index, item, rtc);
  });
  checkTotals(out, doc);
  return out.list;
}
