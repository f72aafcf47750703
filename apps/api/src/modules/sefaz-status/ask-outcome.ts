/** What asking SEFAZ gave: its answer, or why there was none. */
export type AskOutcome =
  | {
      readonly kind: 'answer';
      readonly codigo: string;
      readonly motivo: string;
      readonly tempoMedioS: number | null;
    }
  | { readonly kind: 'failed'; readonly reason: string };
