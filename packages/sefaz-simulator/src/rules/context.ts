import type { KnownCsrt } from './csrt.js';

/** What a rule knows besides the document: who called, when the message arrived, the CSRT register. */
export interface RuleContext {
  /** CNPJ of the TLS client certificate. */
  readonly clientCnpj: string;
  /** CNPJ of the certificate that signed the document, when readable. */
  readonly signerCnpj: string | undefined;
  readonly receivedAt: Date;
  /** The CSRT this authoriser knows (its idCSRT and hashCSRT are checked), if it was given one. */
  readonly csrt?: KnownCsrt | undefined;
  /** Set when the note arrived at the SVC; unset, it arrived at its UF's own authoriser. */
  readonly svc?: SvcRuleContext | undefined;
}

/** What the SVC's rules know besides the note. */
export interface SvcRuleContext {
  /** The UFs (cUF) whose SEFAZ switched the SVC on since the simulator started. */
  readonly activatedUfs: ReadonlySet<string>;
}

/** The CNPJ root: its first 8 characters, which identify the company across branches. */
export const cnpjRoot = (cnpj: string): string => cnpj.slice(0, 8);
