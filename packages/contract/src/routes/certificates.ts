import { initContract } from '@ts-rest/core';

import { TenantBranchQuerySchema } from '../schemas/common.js';
import {
  FiscalCertificateReadSchema,
  type CertificateUploadForm,
} from '../schemas/certificates.js';
import { authenticated, conflict, notFound, withBody } from './responses.js';

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
    responses: { 201: FiscalCertificateReadSchema, ...authenticated, ...withBody, ...conflict },
    metadata: { auth: 'api-key' } as const,
  },
  getCertificate: {
    method: 'GET',
    path: '/certificados',
    summary: 'Metadata of the live certificate of a tenant and branch',
    query: TenantBranchQuerySchema,
    responses: { 200: FiscalCertificateReadSchema, ...authenticated, ...notFound },
    metadata: { auth: 'api-key' } as const,
  },
  deleteCertificate: {
    method: 'DELETE',
    path: '/certificados',
    summary: 'Deactivate the live certificate of a tenant and branch',
    query: TenantBranchQuerySchema,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...authenticated, ...notFound },
    metadata: { auth: 'api-key' } as const,
  },
});
