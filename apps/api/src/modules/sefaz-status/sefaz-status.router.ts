import { contract } from '@emissor/contract';
import { autorizadorOf, isUf } from '@emissor/sefaz';
import { initServer } from '@ts-rest/express';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { productOf } from '../../http/product-of.js';
import { findLiveCertificate } from '../certificates/certificates.repository.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { askStatus } from './ask-status.js';
import type { SefazLink } from './ask-status.js';
import { createAuthoriserHealth } from './authoriser-health.js';
import type { AuthoriserHealth } from './authoriser-health.js';
import { createStatusCache } from './status-cache.js';
import { modeOf } from './contingency-mode.js';

/**
 * `GET /v1/sefaz/status`: SEFAZ off → 409; no live certificate for the branch → 404; a
 * certificate out of its validity → 409 (TLS would fail); then the authoriser's answer, shared for
 * 3 minutes per authoriser and ambiente by every process (status-cache.ts), with its age in
 * `idade_s` and in the `Age` header (RFC 9111 §5.1: seconds since the origin, SEFAZ, answered).
 */
/** What the status route uses of the app's context (app-context.ts). */
export interface SefazStatusRoutesContext {
  db: Kysely<Database>;
  credentials: CredentialsCache;
  clock: () => Date;
  /** Absent when SEFAZ=off. */
  sefaz?: SefazLink | undefined;
  authoriserHealth?: AuthoriserHealth | undefined;
}

export function sefazStatusHandlers(ctx: SefazStatusRoutesContext) {
  const cache = createStatusCache(ctx.db, ctx.authoriserHealth ?? createAuthoriserHealth());
  return initServer().router(contract.sefaz, {
    getSefazStatus: async ({ query, req, res }) => {
      const link = ctx.sefaz;
      if (!link)
        throw appError(
          'sefaz_disabled',
          'This service runs with SEFAZ=off: it does not talk to SEFAZ.',
        );
      const certificate = await findLiveCertificate(ctx.db, {
        productId: productOf(req),
        tenantRef: query.tenant_ref,
        branchRef: query.branch_ref,
      });
      if (!certificate)
        throw appError('certificate_not_found', 'No live certificate for this tenant and branch.');
      const now = ctx.clock();
      if (certificate.not_valid_after < now)
        throw appError('certificate_expired', 'The branch certificate has expired.');
      if (certificate.not_valid_before > now)
        throw appError('certificate_not_yet_valid', 'The branch certificate is not valid yet.');

      const { uf, ambiente } = query;
      // The contract's UF list and the endpoint table's are the same 27; this narrows the type.
      if (!isUf(uf)) throw new Error('the contract let through an unknown UF');
      const autorizador = autorizadorOf(uf);
      const [status, mode] = await Promise.all([
        cache.get({ autorizador, ambiente }, () =>
          askStatus(link, { uf, ambiente, credentials: () => ctx.credentials.get(certificate.id) }),
        ),
        modeOf(ctx.db, uf, ambiente),
      ]);
      if (status.kind === 'failed')
        throw appError(
          'sefaz_unavailable',
          `The authoriser ${autorizador} (${ambiente}) did not answer; retry in ${status.retryAfterS} s.` +
            (mode.modo === 'normal'
              ? ''
              : ` The UF's NF-e are issued in ${mode.modo.toUpperCase()} since ${mode.modo_desde ?? ''}.`),
          { 'Retry-After': String(status.retryAfterS) },
        );
      const { answer } = status;
      res.setHeader('Age', String(answer.ageS));
      return {
        status: 200,
        body: {
          uf,
          ambiente,
          autorizador,
          codigo: answer.codigo,
          motivo: answer.motivo,
          tempo_medio_s: answer.tempoMedioS,
          consultado_em: answer.consultadoEm.toISOString(),
          idade_s: answer.ageS,
          ...mode,
        },
      };
    },
  });
}
