import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';

import { contract } from './contract.js';
import { bodyExamples } from './openapi-meta.js';
import { ERROR_CODE_DESCRIPTIONS, ErrorCodeSchema } from './schemas/errors.js';

function routes(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value)
      ? [[`${prefix}${key}`, value] as [string, AppRoute]]
      : routes(value, `${prefix}${key}.`),
  );
}

const all = routes(contract);
const PUBLIC = ['health.getHealth', 'health.getReady', 'openapi.getOpenApi'];

describe('contract', () => {
  it('has the 13 routes of the spec and the DANFE, SEFAZ status, event and inutilização routes', () => {
    expect(all.map(([name, r]) => `${r.method} ${r.path} ${name}`).sort()).toEqual(
      [
        'DELETE /v1/certificados certificates.deleteCertificate',
        'GET /v1/certificados certificates.getCertificate',
        'GET /v1/documentos documents.listDocuments',
        'GET /v1/documentos/:document_id documents.getDocument',
        'GET /v1/documentos/:document_id/xml documents.getDocumentXml',
        'GET /v1/documentos/:document_id/danfe documents.getDocumentDanfe',
        'GET /v1/health health.getHealth',
        'GET /v1/health/ready health.getReady',
        'GET /v1/openapi.json openapi.getOpenApi',
        'GET /v1/sefaz/status sefaz.getSefazStatus',
        'GET /v1/series series.listSeries',
        'PATCH /v1/series/:series_id series.patchSeries',
        'POST /v1/certificados certificates.uploadCertificate',
        'POST /v1/emissoes emissions.emit',
        'POST /v1/series series.createSeries',
        'POST /v1/documentos/:document_id/cancelamento events.cancelDocument',
        'POST /v1/documentos/:document_id/cartas-correcao events.correctDocument',
        'GET /v1/documentos/:document_id/eventos events.listDocumentEvents',
        'GET /v1/eventos/:event_id events.getEvent',
        'GET /v1/eventos/:event_id/xml events.getEventXml',
        'POST /v1/inutilizacoes voids.createInutilizacao',
        'GET /v1/inutilizacoes voids.listInutilizacoes',
        'GET /v1/inutilizacoes/:inutilizacao_id voids.getInutilizacao',
        'GET /v1/inutilizacoes/:inutilizacao_id/xml voids.getInutilizacaoXml',
        'POST /v1/webhooks webhooks.createWebhook',
        'GET /v1/webhooks webhooks.listWebhooks',
        'GET /v1/webhooks/:webhook_id webhooks.getWebhook',
        'PATCH /v1/webhooks/:webhook_id webhooks.patchWebhook',
        'DELETE /v1/webhooks/:webhook_id webhooks.deleteWebhook',
        'GET /v1/webhooks/:webhook_id/entregas webhooks.listWebhookDeliveries',
        'POST /v1/webhooks/:webhook_id/teste webhooks.testWebhook',
        'POST /v1/webhooks/:webhook_id/rotacao webhooks.rotateWebhookSecret',
      ].sort(),
    );
  });

  it.each(all)('%s has a summary, metadata.auth and strict status codes', (name, route) => {
    expect(route.summary).toMatch(/\w/);
    expect(route.metadata).toEqual({ auth: PUBLIC.includes(name) ? 'none' : 'api-key' });
    expect(route.strictStatusCodes).toBe(true);
    expect(Object.keys(route.responses)).toContain('500');
  });

  it.each(all.filter(([name]) => !PUBLIC.includes(name)))(
    '%s declares 401, 422 and 503',
    (_name, route) => {
      expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['401', '422', '503']));
    },
  );

  it('routes with a body declare 413', () => {
    for (const [, route] of all) {
      if (route.method === 'POST' || route.method === 'PATCH')
        expect(Object.keys(route.responses)).toContain('413');
    }
  });

  it('routes with a body declare 415: a JSON one for its media type and encoding, the multipart upload for its encoding', () => {
    for (const [name, route] of all) {
      if (route.method !== 'POST' && route.method !== 'PATCH') continue;
      const codes = Object.keys(bodyExamples(route.responses[415]) ?? {});
      if (route.contentType === 'multipart/form-data')
        expect(codes, name).toEqual(['unsupported_content_encoding']);
      else expect(codes, name).toEqual(['unsupported_media_type', 'unsupported_content_encoding']);
    }
  });

  it('uploads are multipart', () => {
    expect(contract.certificates.uploadCertificate.contentType).toBe('multipart/form-data');
  });
});

describe('ERROR_CODE_DESCRIPTIONS', () => {
  it.each(ErrorCodeSchema.options)('%s has an error status and a one-line description', (code) => {
    const entry = ERROR_CODE_DESCRIPTIONS[code];
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThan(600);
    expect(entry.description).toMatch(/^[^\n]+\.$/);
  });

  it('describes no code outside the enum', () => {
    expect(Object.keys(ERROR_CODE_DESCRIPTIONS).sort()).toEqual(
      [...ErrorCodeSchema.options].sort(),
    );
  });
});
