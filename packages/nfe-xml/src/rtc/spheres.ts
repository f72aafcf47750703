/*
 * The three IBS/CBS spheres and the rule ids and rejection codes of their twin checks (NT 2025.002
 * v1.31 §7 group UB, from a text transcription of the PDF; shared/research/ibs-cbs.md §4 agrees
 * where it names them).
 */

export type SphereName = 'gIBSUF' | 'gIBSMun' | 'gCBS';

interface RuleRef {
  readonly rule: string;
  readonly cStat?: number;
}

export interface SphereRules {
  readonly name: SphereName;
  /** The rate and value tags of the sphere. */
  readonly rateTag: 'pIBSUF' | 'pIBSMun' | 'pCBS';
  readonly valueTag: 'vIBSUF' | 'vIBSMun' | 'vCBS';
  readonly label: string;
  readonly rate: RuleRef;
  readonly deferralForbidden: RuleRef;
  readonly deferralRequired: RuleRef;
  readonly reductionForbidden: RuleRef;
  readonly reductionRequired: RuleRef;
  readonly effectiveRate: RuleRef;
  readonly deferredValue: RuleRef;
  readonly value: RuleRef;
}

export const SPHERES: readonly SphereRules[] = [
  {
    name: 'gIBSUF',
    rateTag: 'pIBSUF',
    valueTag: 'vIBSUF',
    label: 'IBS UF',
    rate: { rule: 'UB18-10', cStat: 1026 },
    deferralForbidden: { rule: 'UB22-10', cStat: 1029 },
    deferralRequired: { rule: 'UB22-20', cStat: 1030 },
    reductionForbidden: { rule: 'UB26-10', cStat: 1032 },
    reductionRequired: { rule: 'UB26-20', cStat: 1033 },
    effectiveRate: { rule: 'UB28-10', cStat: 1035 },
    deferredValue: { rule: 'UB23-10', cStat: 1031 },
    value: { rule: 'UB35-10', cStat: 1041 },
  },
  {
    name: 'gIBSMun',
    rateTag: 'pIBSMun',
    valueTag: 'vIBSMun',
    label: 'IBS Mun',
    rate: { rule: 'UB37-10', cStat: 1036 },
    deferralForbidden: { rule: 'UB40-20', cStat: 1083 },
    deferralRequired: { rule: 'UB40-10', cStat: 1044 },
    reductionForbidden: { rule: 'UB45-10', cStat: 1007 },
    reductionRequired: { rule: 'UB45-20', cStat: 1074 },
    effectiveRate: { rule: 'UB47-10', cStat: 1047 },
    deferredValue: { rule: 'UB42-10', cStat: 1045 },
    value: { rule: 'UB54-10', cStat: 1052 },
  },
  {
    name: 'gCBS',
    rateTag: 'pCBS',
    valueTag: 'vCBS',
    label: 'CBS',
    rate: { rule: 'UB56-10', cStat: 1037 },
    deferralForbidden: { rule: 'UB59-20', cStat: 1090 },
    deferralRequired: { rule: 'UB59-10', cStat: 1061 },
    reductionForbidden: { rule: 'UB64-10', cStat: 1028 },
    reductionRequired: { rule: 'UB64-20', cStat: 1079 },
    effectiveRate: { rule: 'UB66-10', cStat: 1064 },
    deferredValue: { rule: 'UB61-10', cStat: 1062 },
    value: { rule: 'UB67-10', cStat: 1069 },
  },
];

/**
 * The rates of the test years (LC 214/2025 arts. 343–346; IT 2025.002 v1.60 §05), in percent, per
 * sphere; a year that is not listed (or a sphere without an entry) is not checked. Zero is always
 * accepted: a cClassTrib with ind_gTribRegular=1 and the ZFM/ALC exception charge nothing in the
 * main group, and the cClassTrib table that would tell them apart is not here.
 */
export const TEST_YEAR_RATES: ReadonlyMap<number, Partial<Record<SphereName, string>>> = new Map([
  [2025, { gIBSUF: '0.1', gIBSMun: '0', gCBS: '0.9' }],
  [2026, { gIBSUF: '0.1', gIBSMun: '0', gCBS: '0.9' }],
  [2027, { gIBSUF: '0.05', gIBSMun: '0.05' }],
  [2028, { gIBSUF: '0.05', gIBSMun: '0.05' }],
]);
