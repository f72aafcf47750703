/** A path into the `NfeRequest` object, e.g. `['itens', 3, 'ncm']`. */
export type IssuePath = (string | number)[];

/** One reason a request cannot become a schema-valid NF-e. */
export interface NfeIssue {
  /** Where in the request; the API answers 422 with `loc: ['body', ...path]`. */
  readonly path: IssuePath;
  /** pydantic-style name (`string_too_long`, `decimal_max_places`, …) or a specific one (`tax_line_mismatch`, …). */
  readonly type: string;
  /** A sentence for a person. */
  readonly message: string;
}

/** Thrown by `prepareNfe` and `PreparedNfe.render` with every issue found, not only the first. */
export class NfeValidationError extends Error {
  override readonly name = 'NfeValidationError';
  readonly issues: readonly NfeIssue[];

  constructor(issues: readonly NfeIssue[]) {
    super(
      `NF-e request has ${issues.length} issue(s): ` +
        issues
          .slice(0, 5)
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
          .join('; '),
    );
    this.issues = issues;
  }
}
