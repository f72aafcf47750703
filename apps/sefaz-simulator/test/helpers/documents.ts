import type { NfeRequest } from '@emissor/nfe-xml';
import { buildNfe } from '@emissor/nfe-xml';
import { buildEnviNFe } from '@emissor/sefaz';
import { signNfe } from '@emissor/signer';

import type { Company } from './companies.js';

/** A Simples Nacional emitter in SP selling one item of 10 × 50,00 to an unidentified consumer. */
export function nfeRequest(cnpj: string, overrides: Partial<NfeRequest> = {}): NfeRequest {
  return {
    tenant_ref: 't',
    branch_ref: 'b',
    serie: 1,
    emitente: {
      cnpj,
      razao_social: 'EMPRESA TESTE LTDA',
      ie: '112006603110',
      crt: '1',
      address_street: 'Rua dos Testes',
      address_number: '100',
      address_district: 'Centro',
      address_city: 'SAO PAULO',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    itens: [
      {
        codigo: '11007',
        descricao: 'UM PRODUTO TESTE QUALQUER',
        ncm: '64011000',
        cfop: '5102',
        unidade_comercial: 'UN',
        unidade_tributavel: 'UN',
        quantidade: '10',
        valor_unitario: '50',
        fiscal_result: {
          cfop: '5102',
          consumidor_final: true,
          indicador_ie: '9',
          csosn: '102',
          tributos: [],
        },
      },
    ],
    pagamento: { tpag: '01', valor: '500' },
    ambiente: 'homologacao',
    uf_destino_tipo: 'interna',
    ver_proc: 'emissor-test',
    ...overrides,
  };
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
