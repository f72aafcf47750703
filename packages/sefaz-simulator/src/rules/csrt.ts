import { createHash } from 'node:crypto';

/**
 * A CSRT (Código de Segurança do Responsável Técnico) the local SEFAZ knows, as a state's register
 * of software houses does: its id, and the hashCSRT it makes of a chave. The secret itself stays
 * inside `hashFor` (a closure): printing or logging this object never shows it.
 */
export interface KnownCsrt {
  /** idCSRT, two digits. */
  readonly id: string;
  /** base64(SHA-1(CSRT + chave)), what infRespTec/hashCSRT must hold for `chave`. */
  hashFor(chave: string): string;
}

/** The CSRT `csrt` under the id `id`. */
export function csrtFromSecret(id: string, csrt: string): KnownCsrt {
  return {
    id,
    hashFor: (chave) =>
      createHash('sha1')
        .update(csrt + chave, 'utf8')
        .digest('base64'),
  };
}

/** What the local SEFAZ needs of a responsável técnico that writes infRespTec (@emissor/nfe-xml's). */
export interface CsrtHolder {
  readonly csrtId: string | undefined;
  /** `<infRespTec>` of the document whose chave is `chave`, with its hashCSRT. */
  render(chave: string): string;
}

/**
 * The CSRT of a responsável técnico that keeps it private (the API's, from RESP_TEC_*), read back
 * from the hashCSRT it writes for each chave; undefined when it has none.
 */
export function csrtOfResponsavelTecnico(holder: CsrtHolder | undefined): KnownCsrt | undefined {
  const id = holder?.csrtId;
  if (holder === undefined || id === undefined) return undefined;
  return {
    id,
    hashFor: (chave) => /<hashCSRT>([^<]*)<\/hashCSRT>/.exec(holder.render(chave))?.[1] ?? '',
  };
}
