import type { RtcViolation } from './document.js';

/** The broken rules found in one document, in the order found. */
export class Violations {
  readonly list: RtcViolation[] = [];

  add(
    ref: { rule: string; cStat?: number },
    item: number | undefined,
    field: string,
    message: string,
  ): void {
    this.list.push({
      rule: ref.rule,
      ...(ref.cStat === undefined ? {} : { cStat: ref.cStat }),
      ...(item === undefined ? {} : { item }),
      field,
      message,
    });
  }
}
