import { addDecimals } from '../decimal.js';
import { formatAs, layoutValue, MONEY, PERCENT } from '../validate/decimal-field.js';
import {
  checkPercentUpTo100,
  PERCENT_2_MAX_100,
  PERCENT_MAX_100,
} from '../validate/item-decimal-kinds.js';
import { checkLiteral, given } from '../validate/text.js';
import type { IcmsInput } from './icms-groups.js';
import { accumulate, accumulateExact, type MoneySum } from './item-totals.js';
import { lineDecimal, needDecimal, QUANTITY_OR_ZERO } from './tax-line-values.js';
import { mismatch, need, type TaxLine } from './tax-lines.js';

/*
 * Monophase ICMS on fuels (LC 192/2022, NT 2023.001): a quantity taxed at an amount per unit (ad
 * rem). CST 02 own tax, 15 own tax plus the retention on the next sale, 53 own tax with deferral,
 * 61 tax retained earlier. Each line gives `quantidade_tributavel` (qBCMono…, optional in the
 * layout), `aliquota_especifica` (adRemICMS…) and `valor` (vICMSMono…); the ICMSTot sums are kept
 * from what is written.
 */

const MOTIVES = ['1', '9'] as const;

interface MonoPart {
  readonly q: string;
  readonly adRem: string;
  readonly value: string;
}

/** quantity, ad rem rate and value of a monophase line, adding them to their totals. */
function part(
  input: IcmsInput,
  line: TaxLine,
  group: string,
  adRemRequired: boolean,
  quantitySum: MoneySum,
  valueSum: MoneySum,
): MonoPart {
  const { issues } = input;
  const q = lineDecimal(issues, line, 'quantidade_tributavel', QUANTITY_OR_ZERO);
  const adRem = adRemRequired
    ? needDecimal(issues, line, 'aliquota_especifica', PERCENT, group)
    : (lineDecimal(issues, line, 'aliquota_especifica', PERCENT) ?? '');
  const value = need(issues, line, line.valor, 'valor', group);
  if (q !== undefined) accumulateExact(quantitySum, layoutValue(q));
  accumulate(valueSum, line.valor);
  return { q: q ?? '', adRem, value };
}

const tagged = (tag: string, text: string) => (text ? `<${tag}>${text}</${tag}>` : '');

/** pRedAdRem motRedAdRem (ICMS15): the ad rem rate reduced, with its motive. */
function reduction(input: IcmsInput, line: TaxLine): string {
  const { issues } = input;
  if (!given(line.raw.reducao_aliquota_percent) && !given(line.raw.motivo)) return '';
  const percent = given(line.raw.reducao_aliquota_percent)
    ? checkPercentUpTo100(
        issues,
        line.path,
        'reducao_aliquota_percent',
        line.raw.reducao_aliquota_percent,
        PERCENT_2_MAX_100,
      )
    : undefined;
  if (!given(line.raw.reducao_aliquota_percent))
    issues.at(
      line.path,
      'reducao_aliquota_percent',
      'missing',
      'Field required with motivo (pRedAdRem)',
    );
  const motive = checkLiteral(issues, line.path, 'motivo', line.raw.motivo, MOTIVES);
  return `<pRedAdRem>${percent ?? ''}</pRedAdRem><motRedAdRem>${motive ?? ''}</motRedAdRem>`;
}

/** The monophase lines a group does not take are each a 422 naming the line. */
function refuse(input: IcmsInput, group: string, lines: readonly (TaxLine | undefined)[]): void {
  for (const line of lines)
    if (line)
      mismatch(input.issues, line, `${group} has no place for a '${line.raw.tax_domain}' line`);
}

function missing(input: IcmsInput, group: string, domain: string): void {
  input.issues.at(
    input.fiscalPath,
    'tributos',
    'tax_line_missing',
    `${group} needs an '${domain}' line`,
  );
}

/** The body of ICMS02, 15, 53 or 61 after its CST. */
export function monoBlock(input: IcmsInput, code: string, group: string): string {
  const { totals } = input;
  const more = input.lines.more;
  const own = more?.icms_mono;
  const retention = more?.icms_mono_retencao;
  const deferred = more?.icms_mono_diferido;
  const retained = more?.icms_mono_retido;
  if (own && code !== '15' && (given(own.raw.reducao_aliquota_percent) || given(own.raw.motivo)))
    mismatch(
      input.issues,
      own,
      `${group} has no ad rem reduction (pRedAdRem, motRedAdRem): CST 15 has`,
    );
  switch (code) {
    case '02':
    case '15': {
      refuse(input, group, code === '02' ? [retention, deferred, retained] : [deferred, retained]);
      let xml = '';
      if (own) {
        const p = part(input, own, group, true, totals.qBCMono, totals.vICMSMono);
        xml += `${tagged('qBCMono', p.q)}<adRemICMS>${p.adRem}</adRemICMS><vICMSMono>${p.value}</vICMSMono>`;
      } else missing(input, group, 'icms_mono');
      if (code === '02') return xml;
      if (retention) {
        const p = part(input, retention, group, true, totals.qBCMonoReten, totals.vICMSMonoReten);
        xml += `${tagged('qBCMonoReten', p.q)}<adRemICMSReten>${p.adRem}</adRemICMSReten><vICMSMonoReten>${p.value}</vICMSMonoReten>`;
      } else missing(input, group, 'icms_mono_retencao');
      return own ? xml + reduction(input, own) : xml;
    }
    case '53': {
      refuse(input, group, [retention, retained]);
      if (!own) {
        if (deferred) missing(input, group, 'icms_mono');
        return '';
      }
      const p = part(input, own, group, false, totals.qBCMono, totals.vICMSMono);
      let middle = '';
      let tail = '';
      if (deferred) {
        const pDif = given(deferred.raw.diferimento_percent)
          ? (checkPercentUpTo100(
              input.issues,
              deferred.path,
              'diferimento_percent',
              deferred.raw.diferimento_percent,
              PERCENT_MAX_100,
            ) ?? '')
          : '';
        const qDif = lineDecimal(input.issues, deferred, 'quantidade_tributavel', QUANTITY_OR_ZERO);
        const adRemDif = lineDecimal(input.issues, deferred, 'aliquota_especifica', PERCENT);
        const vDif = need(input.issues, deferred, deferred.valor, 'valor', group);
        // vICMSMonoOp: the ICMS of the whole operation, the part due now plus the part deferred.
        const operation =
          own.valor !== undefined && deferred.valor !== undefined
            ? formatAs(addDecimals(layoutValue(own.valor), layoutValue(deferred.valor)), MONEY)
            : '';
        middle = `${tagged('vICMSMonoOp', operation)}${tagged('pDif', pDif)}${tagged('vICMSMonoDif', vDif)}`;
        tail = `${tagged('qBCMonoDif', qDif ?? '')}${tagged('adRemICMSDif', adRemDif ?? '')}`;
      }
      return `${tagged('qBCMono', p.q)}${tagged('adRemICMS', p.adRem)}${middle}<vICMSMono>${p.value}</vICMSMono>${tail}`;
    }
    default: {
      refuse(input, group, [own, retention, deferred]);
      if (!retained) {
        missing(input, group, 'icms_mono_retido');
        return '';
      }
      const p = part(input, retained, group, true, totals.qBCMonoRet, totals.vICMSMonoRet);
      return `${tagged('qBCMonoRet', p.q)}<adRemICMSRet>${p.adRem}</adRemICMSRet><vICMSMonoRet>${p.value}</vICMSMonoRet>`;
    }
  }
}
