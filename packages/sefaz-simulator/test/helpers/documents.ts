import type { NfeRequest } from '@emissor/nfe-xml';
import { buildNfe } from '@emissor/nfe-xml';
import { buildEnviNFe } from '@emissor/sefaz';
import { signNfe } from '@emissor/signer';
import { simplesNacionalRequest } from '@emissor/test-support';

import type { Company } from './companies.js';

/** A Simples Nacional emitter in SP selling one item of 10 × 50,00 to an unidentified consumer. */
export function nfeRequest(cnpj: string, overrides: Partial<NfeRequest> = {}): NfeRequest {
  return { ...simplesNacionalRequest(cnpj), ...overrides };
}

export interface NoteOptions {
  readonly numero: number;
  readonly codigoNumerico?: string;
  readonly request?: Partial<NfeRequest>;
  /** Applied to the unsigned XML: the signature then covers the change. */
  readonly beforeSigning?: (xml: string) => string;
  readonly issuedAt?: Date;
}

/** A signed NF-e of `company`, built by @emissor/nfe-xml and signed by @emissor/signer. */
export function signedNfe(company: Company, options: NoteOptions): { xml: string; chave: string } {
  const built = buildNfe({
    ...nfeRequest(company.cnpj, options.request),
    numero: options.numero,
    codigoNumerico: options.codigoNumerico ?? '10203040',
    // A minute ago: dhEmi may not be later than the reception (703).
    issuedAt: options.issuedAt ?? new Date(Date.now() - 60_000),
  });
  const xml = options.beforeSigning ? options.beforeSigning(built.xml) : built.xml;
  return { xml: signNfe(xml, company.credentials), chave: built.chave };
}

/** enviNFe of one or more signed NF-e, built by @emissor/sefaz. */
export const enviNFe = (notes: readonly string[], indSinc: '0' | '1', idLote = '1'): string =>
  buildEnviNFe({ idLote, sincrono: indSinc === '1', nfes: notes });

/** A CST 000 IBS/CBS tax line of the helper's item (base 500.00, 100 %), for the reforma's rules. */
export const ibsCbsLine = (
  tax_domain: 'ibs_uf' | 'ibs_mun' | 'cbs',
  aliquota: string,
  valor: string,
) => ({
  tax_domain,
  cst: '000',
  classificacao_tributaria: '000001',
  base_calc: '500.00',
  base_calc_percent: '100',
  aliquota,
  valor,
  rule_id: 'rtc',
});
