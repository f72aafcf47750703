/** What a rule knows besides the document: who called, and when the message arrived. */
export interface RuleContext {
  /** CNPJ of the TLS client certificate. */
  readonly clientCnpj: string;
  /** CNPJ of the certificate that signed the document, when readable. */
  readonly signerCnpj: string | undefined;
  readonly receivedAt: Date;
}

/** The CNPJ root: its first 8 characters, which identify the company across branches. */
export const cnpjRoot = (cnpj: string): string => cnpj.slice(0, 8);
