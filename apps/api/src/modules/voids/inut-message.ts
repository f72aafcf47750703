import { buildInutNFe, signInutNFe, type Ambiente } from '@emissor/sefaz';
import type { Credentials } from '@emissor/signer';

/** The fields of a stored inutilização that make its `inutNFe`. */
export interface VoidFields {
  ambiente: string;
  cuf: string;
  ano: string;
  cnpj: string;
  serie: number;
  numero_inicial: number;
  numero_final: number;
  justificativa: string;
}

/** The signed `inutNFe` 4.00 of a stored inutilização (@emissor/sefaz builds and signs it). */
export function signedInutNFe(fields: VoidFields, credentials: Credentials): string {
  return signInutNFe(
    buildInutNFe({
      ambiente: fields.ambiente as Ambiente,
      cUF: fields.cuf,
      ano: fields.ano,
      cnpj: fields.cnpj,
      serie: fields.serie,
      numeroInicial: fields.numero_inicial,
      numeroFinal: fields.numero_final,
      justificativa: fields.justificativa,
    }),
    credentials,
  );
}
