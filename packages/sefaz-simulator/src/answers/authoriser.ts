/**
 * What every answer of the local SEFAZ says of itself: it serves homologação only (`tpAmb` 2), and
 * its `verAplic` (TVerAplic, 1–20 characters) names it. The answers themselves are written by
 * `@emissor/sefaz`'s server builders, the same module the client's parser is tested against.
 */
export const AUTHORISER = { tpAmb: '2', verAplic: 'EMISSOR-SIM-1.0' } as const;
