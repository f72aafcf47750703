import type { IssuePath, NfeIssue } from '../errors.js';

/**
 * Collects every issue found while preparing a request, so the caller sees them all at once.
 * The checks take a parent path and a key instead of a finished path: a valid field (nearly all
 * of them) then costs no array, and `at` builds the path only when an issue is reported.
 */
export class IssueList {
  readonly #issues: NfeIssue[] = [];

  add(path: IssuePath, type: string, message: string): void {
    this.#issues.push({ path, type, message });
  }

  /** `add([...parent, key], …)`. */
  at(parent: IssuePath, key: string | number, type: string, message: string): void {
    this.#issues.push({ path: [...parent, key], type, message });
  }

  get count(): number {
    return this.#issues.length;
  }

  toArray(): NfeIssue[] {
    return [...this.#issues];
  }
}
