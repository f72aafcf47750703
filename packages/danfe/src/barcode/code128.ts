/*
 * CODE-128 (ISO/IEC 15417; MOC Anexo II §2 and its table, Anexo III.01). Each symbol value 0–105
 * is three bars and three spaces, 11 modules in all; the stop symbol is 13 modules. The NF-e chave
 * of digits is one Start C and 22 digit pairs (MOC's worked count: 297 modules with the quiet
 * zones). The alphanumeric chave (CNPJ alfanumérico) has letters CODE-128C cannot hold, so the
 * encoder switches sets where it must: the fewest symbols, hence the narrowest barcode.
 */

/** Bar/space widths of values 0–105, as digits (bar, space, bar, space, bar, space). */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232',
] as const; // prettier-ignore

const STOP = '2331112';

/** Code sets and the values that start or switch to them. */
type CodeSet = 'A' | 'B' | 'C';
const START: Readonly<Record<CodeSet, number>> = { A: 103, B: 104, C: 105 };
const SWITCH: Readonly<Record<CodeSet, number>> = { A: 101, B: 100, C: 99 };
const SETS: readonly CodeSet[] = ['C', 'A', 'B'];

/** Minimum quiet zone on each side, in modules (MOC Anexo II §2). */
export const QUIET_ZONE_MODULES = 10;

/** The value of one character in set A or B, or `undefined` when the set lacks it. */
function valueIn(set: 'A' | 'B', code: number): number | undefined {
  if (set === 'A') {
    if (code >= 32 && code <= 95) return code - 32;
    if (code >= 0 && code < 32) return code + 64;
    return undefined;
  }
  return code >= 32 && code <= 127 ? code - 32 : undefined;
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

interface Step {
  readonly cost: number;
  readonly from?: { readonly at: number; readonly set: CodeSet };
  readonly values: readonly number[];
}

/**
 * The symbol values of `text` (start, data, checksum; not the stop), choosing code sets by
 * dynamic programming over (position, set) so the symbol count is the least possible. Ties prefer
 * C, then A (the "CODE-128 C/A" the sources on the alphanumeric chave describe). Throws a
 * `RangeError` for characters outside ASCII.
 */
export function code128Values(text: string): number[] {
  const codes = Array.from(text, (c) => c.charCodeAt(0));
  for (const code of codes) {
    if (code > 127) throw new RangeError('CODE-128 encodes ASCII only');
  }
  const n = codes.length;
  // best[i][set]: cheapest way to have encoded codes[0..i) and be in `set`.
  const best: Map<CodeSet, Step>[] = Array.from({ length: n + 1 }, () => new Map<CodeSet, Step>());
  const offer = (i: number, set: CodeSet, step: Step): void => {
    const current = best[i]?.get(set);
    if (!current || step.cost < current.cost) best[i]?.set(set, step);
  };
  for (const set of SETS) offer(0, set, { cost: 1, values: [START[set]] });
  for (let i = 0; i <= n; i++) {
    const here = best[i];
    if (!here) continue;
    // Switching sets costs one symbol and consumes nothing; one pass settles it (a second switch
    // is never cheaper than switching straight to the target).
    for (const from of SETS) {
      const step = here.get(from);
      if (!step) continue;
      for (const to of SETS) {
        if (to !== from) {
          offer(i, to, { cost: step.cost + 1, from: { at: i, set: from }, values: [SWITCH[to]] });
        }
      }
    }
    if (i === n) break;
    for (const set of SETS) {
      const step = here.get(set);
      if (!step) continue;
      const code = codes[i] ?? 0;
      if (set === 'C') {
        const next = codes[i + 1];
        if (isDigit(code) && next !== undefined && isDigit(next)) {
          offer(i + 2, 'C', {
            cost: step.cost + 1,
            from: { at: i, set },
            values: [(code - 48) * 10 + (next - 48)],
          });
        }
      } else {
        const value = valueIn(set, code);
        if (value !== undefined) {
          offer(i + 1, set, { cost: step.cost + 1, from: { at: i, set }, values: [value] });
        }
      }
    }
  }
  const end = best[n];
  const last = SETS.map((set) => end?.get(set)).reduce<Step | undefined>(
    (a, b) => (b && (!a || b.cost < a.cost) ? b : a),
    undefined,
  );
  if (!last) throw new RangeError('CODE-128 cannot encode this text');
  // Walk back from the end to the start, collecting each step's symbols.
  const reversed: number[] = [];
  let step: Step | undefined = last;
  let guard = 0;
  while (step) {
    for (let k = step.values.length - 1; k >= 0; k--) reversed.push(step.values[k] ?? 0);
    step = step.from ? best[step.from.at]?.get(step.from.set) : undefined;
    if (++guard > 4 * n + 8) throw new Error('code128: broken back-pointer chain');
  }
  const values = reversed.reverse();
  let sum = values[0] ?? 0;
  for (let i = 1; i < values.length; i++) sum += i * (values[i] ?? 0);
  values.push(sum % 103);
  return values;
}

/**
 * Module widths of the whole symbol (quiet zones excluded): bar, space, bar, … starting and
 * ending with a bar. The sum is 11 per symbol plus 13 for the stop.
 */
export function code128Modules(text: string): number[] {
  const widths: number[] = [];
  for (const value of code128Values(text)) {
    for (const digit of PATTERNS[value] ?? '') widths.push(Number(digit));
  }
  for (const digit of STOP) widths.push(Number(digit));
  return widths;
}
