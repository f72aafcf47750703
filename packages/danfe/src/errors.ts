/** Why an XML document or the options could not be turned into a DANFE. */
export type DanfeErrorCode =
  /** Not well-formed XML (unclosed or mismatched tags, bad entities, text outside the root…). */
  | 'malformed_xml'
  /** Well-formed XML, but its root is neither `nfeProc` nor `NFe` (or it has no `infNFe`). */
  | 'not_nfe'
  /** An NF-e this library does not render: a model other than 55, a layout other than 4.00, a DOCTYPE. */
  | 'unsupported_document'
  /** A field the DANFE needs is absent (`detail` names its path). */
  | 'missing_field'
  /** A field is present but not in the form the layout gives it (a decimal that is not one, a bad chave…). */
  | 'invalid_field'
  /** The logo bytes are neither PNG nor JPEG, or the image cannot be decoded. */
  | 'invalid_logo'
  /** An option is out of its range (decimal places, dates). */
  | 'invalid_option';

/** Thrown (or rejected) by `renderDanfe` for input it cannot render. Branch on `code`. */
export class DanfeError extends Error {
  override name = 'DanfeError';

  constructor(
    readonly code: DanfeErrorCode,
    message: string,
    /** For `missing_field` / `invalid_field`: the path of the field in the NF-e (`infNFe/ide/nNF`). */
    readonly path?: string,
  ) {
    super(message);
  }
}
