/** One authoriser in one ambiente: what a status answer, and the health seen of it, belong to. */
export interface StatusKey {
  readonly autorizador: string;
  readonly ambiente: string;
}

/** `key` as one string: for maps and for the advisory lock every process takes on it. */
export const statusKeyId = (key: StatusKey) => `${key.autorizador}|${key.ambiente}`;
