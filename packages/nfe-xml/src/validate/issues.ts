import type { DatedRule } from '../dated-rules.js';
import type { IssuePath, NfeIssue } from '../errors.js';

const NO_RULES: readonly DatedRule[] = [];

/**
 * Collects every issue found while preparing a request, so the caller sees them all at once.
 * The checks take a parent path and a key instead of a finished path: a valid field (nearly all
 * of them) then costs no array, and `at` builds the path only when an issue is reported.
 */
export class IssueList {
  readonly #issues: NfeIssue[] = [];
  #dated: DatedRule[] | undefined;

  add(path: IssuePath, type: string, message: string): void {
    this.#issues.push({ path, type, message });
  }

  /** `add([...parent, key], …)`. */
  at(parent: IssuePath, key: string | number, type: string, message: string): void {
    this.#issues.push({ path: [...parent, key], type, message });
  }

  /**
   * Keeps a rule that needs the date of issue for `PreparedNfe.render`, which knows it. A request
   * is prepared before its instant is decided (and may be prepared again for a retry days later),
   * so such a rule never runs here.
   */
  onIssue(rule: DatedRule): void {
    (this.#dated ??= []).push(rule);
  }

  /** The rules kept by `onIssue`, in their order. */
  get datedRules(): readonly DatedRule[] {
    return this.#dated ?? NO_RULES;
  }

  get count(): number {
    return this.#issues.length;
  }

  toArray(): NfeIssue[] {
    return [...this.#issues];
  }
}
