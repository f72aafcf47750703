import type { IssuePath, NfeIssue } from '../errors.js';

/** Collects every issue found while preparing a request, so the caller sees them all at once. */
export class IssueList {
  readonly #issues: NfeIssue[] = [];

  add(path: IssuePath, type: string, message: string): void {
    this.#issues.push({ path, type, message });
  }

  get count(): number {
    return this.#issues.length;
  }

  toArray(): NfeIssue[] {
    return [...this.#issues];
  }
}
