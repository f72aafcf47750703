import { initContract } from '@ts-rest/core';

import { TenantBranchQuerySchema } from '../schemas/common.js';
import {
  FiscalCertificateReadSchema,
  type CertificateUploadForm,
} from '../schemas/certificates.js';
import { CERTIFICATE_EXAMPLE } from '../examples.js';
import { asBody } from '../openapi-meta.js';
import { authenticated, errorBody, invalidRequest, withBody } from './responses.js';

const certificate = (description: string) =>
  asBody(FiscalCertificateReadSchema, description, {
    live: { summary: 'A one-year A1 certificate', value: CERTIFICATE_EXAMPLE },
  });

const c = initContract();

/** The live A1 certificate of a tenant and branch (one slot each). */
export const certificatesRouter = c.router({
  uploadCertificate: {
    method: 'POST',
    path: '/certificados',
    summary: "Upload a branch's A1 certificate (.pfx and password), replacing the live one",
    description:
      'multipart/form-data with fields cnpj, password and file. 409 when a concurrent upload for the same slot wins.',
    contentType: 'multipart/form-data',
    query: TenantBranchQuerySchema,
    // Type only: ts-rest does not validate multipart bodies. The server checks the text fields with
    // CertificateUploadFieldsSchema and the file itself.
    body: c.type<CertificateUploadForm>(),
    responses: {
      201: certificate('The metadata of the new live certificate (never the file or password)'),
      ...authenticated,
      422: invalidRequest({
        'wrong password': [
          {
            loc: ['body', 'password'],
            msg: 'The password does not open this certificate file.',
            type: 'certificate_password_invalid',
          },
        ],
        expired: [
          {
            loc: ['body', 'file'],
            msg: 'The certificate expired on 2025-03-01T00:00:00.000Z.',
            type: 'certificate_expired',
          },
        ],
      }),
      ...withBody,
      409: errorBody('certificate_upload_conflict'),
    },
    metadata: { auth: 'api-key' } as const,
  },
  getCertificate: {
    method: 'GET',
    path: '/certificados',
    summary: 'Metadata of the live certificate of a tenant and branch',
    query: TenantBranchQuerySchema,
    responses: {
      200: certificate('The metadata of the live certificate'),
      ...authenticated,
      404: errorBody('certificate_not_found'),
    },
    metadata: { auth: 'api-key' } as const,
  },
  deleteCertificate: {
    method: 'DELETE',
    path: '/certificados',
    summary: 'Deactivate the live certificate of a tenant and branch',
    query: TenantBranchQuerySchema,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...authenticated, 404: errorBody('certificate_not_found') },
    metadata: { auth: 'api-key' } as const,
  },
});
