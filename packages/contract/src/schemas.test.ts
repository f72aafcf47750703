import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { CnpjSchema, TenantBranchQuerySchema } from './schemas/common.js';
import { DocumentListQuerySchema, FiscalDocumentReadSchema } from './schemas/documents.js';
import { CertificateUploadFieldsSchema } from './schemas/certificates.js';
import { EmissaoRequestSchema, EmissionHeadersSchema } from './schemas/emissions.js';
import {
  FiscalSeriesCreateSchema,
  FiscalSeriesPatchSchema,
  FiscalSeriesReadSchema,
} from './schemas/series.js';

/** `code` (or the pydantic name in params.type) and path of every issue. */
function issues(schema: z.ZodTypeAny, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => {
    const params = 'params' in i ? (i.params as { type?: string } | undefined) : undefined;
    return { code: params?.type ?? i.code, path: i.path.join('.') };
  });
}

const UUID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

function emission(overrides: Record<string, unknown> = {}) {
  return {
    tenant_ref: 't',
    branch_ref: 'b',
    serie: 1,
    ambiente: 'homologacao',
    uf_destino_tipo: 'interna',
    ver_proc: 'app 1.0',
    emitente: {
      cnpj: '12345678000195',
      razao_social: 'ACME',
      ie: '123',
      crt: '3',
      address_street: 'Rua',
      address_number: '1',
      address_district: 'Centro',
      address_city: 'Sao Paulo',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    itens: [
      {
        codigo: 'P1',
        descricao: 'Produto',
        ncm: '61091000',
        cfop: '5102',
        unidade_comercial: 'UN',
        unidade_tributavel: 'UN',
        quantidade: 2,
        valor_unitario: '10.50',
        fiscal_result: {
          cfop: '5102',
          consumidor_final: true,
          indicador_ie: '9',
          tributos: [
            {
              tax_domain: 'icms',
              base_calc: 21,
              base_calc_percent: '100',
              valor: '3.780',
              rule_id: UUID,
            },
          ],
        },
      },
    ],
    pagamento: { tpag: '01', valor: 21 },
    ...overrides,
  };
}

describe('EmissaoRequestSchema', () => {
  it('fills every default of the spec', () => {
    const parsed = EmissaoRequestSchema.parse(emission());
    expect(parsed).toMatchObject({
      document_model: '55',
      fin_nfe: '1',
      ind_final: '1',
      ind_pres: '1',
      tp_emis: '1',
      nat_op: 'Venda',
      pagamento: { indpag: '0' },
    });
  });

  it('turns every decimal into canonical text', () => {
    const parsed = EmissaoRequestSchema.parse(emission());
    const item = parsed.itens[0];
    expect(item?.quantidade).toBe('2');
    expect(item?.valor_unitario).toBe('10.5');
    expect(item?.fiscal_result.tributos?.[0]).toMatchObject({ base_calc: '21', valor: '3.78' });
    expect(parsed.pagamento.valor).toBe('21');
  });

  it('accepts null or no destinatario (unidentified consumer)', () => {
    expect(EmissaoRequestSchema.safeParse(emission({ destinatario: null })).success).toBe(true);
    expect(EmissaoRequestSchema.safeParse(emission()).success).toBe(true);
  });

  it.each([
    ['itens empty', { itens: [] }, 'too_small', 'itens'],
    ['serie below 0', { serie: -1 }, 'too_small', 'serie'],
    ['serie above 999', { serie: 1000 }, 'too_big', 'serie'],
    ['serie not an integer', { serie: 1.5 }, 'invalid_type', 'serie'],
    ['tenant_ref over 64', { tenant_ref: 'x'.repeat(65) }, 'too_big', 'tenant_ref'],
    ['ver_proc empty', { ver_proc: '' }, 'too_small', 'ver_proc'],
    ['ver_proc over 20', { ver_proc: 'x'.repeat(21) }, 'too_big', 'ver_proc'],
    ['model 65', { document_model: '65' }, 'invalid_literal', 'document_model'],
    ['unknown ambiente', { ambiente: 'teste' }, 'invalid_enum_value', 'ambiente'],
    [
      'unknown uf_destino_tipo',
      { uf_destino_tipo: 'estrangeiro' },
      'invalid_enum_value',
      'uf_destino_tipo',
    ],
    ['fin_nfe of 2 characters', { fin_nfe: '11' }, 'too_big', 'fin_nfe'],
    ['tp_emis empty', { tp_emis: '' }, 'too_small', 'tp_emis'],
  ])('rejects %s', (_name, overrides, code, path) => {
    expect(issues(EmissaoRequestSchema, emission(overrides))).toEqual([{ code, path }]);
  });

  it('allows at most 990 items', () => {
    const item = emission().itens[0];
    expect(EmissaoRequestSchema.safeParse(emission({ itens: Array(990).fill(item) })).success).toBe(
      true,
    );
    expect(issues(EmissaoRequestSchema, emission({ itens: Array(991).fill(item) }))).toEqual([
      { code: 'too_big', path: 'itens' },
    ]);
  });

  it('checks emitente.cnpj length and alphabet, address_state length', () => {
    const e = emission().emitente;
    const at = (emitente: object) =>
      issues(EmissaoRequestSchema, emission({ emitente: { ...e, ...emitente } }));
    expect(at({ cnpj: '1234567800019' })).toEqual([{ code: 'too_small', path: 'emitente.cnpj' }]);
    expect(at({ cnpj: '12ABC678000195' })).toEqual([]);
    expect(at({ cnpj: '12abc678000195' })).toEqual([
      { code: 'invalid_string', path: 'emitente.cnpj' },
    ]);
    expect(at({ cnpj: '1234567800019A' })).toEqual([
      { code: 'invalid_string', path: 'emitente.cnpj' },
    ]);
    expect(at({ address_state: 'SPX' })).toEqual([
      { code: 'too_big', path: 'emitente.address_state' },
    ]);
  });

  it('requires positive quantities and payment, any sign on tax values', () => {
    const item = emission().itens[0];
    expect(
      issues(EmissaoRequestSchema, emission({ itens: [{ ...item, quantidade: '0.00' }] })),
    ).toEqual([{ code: 'greater_than', path: 'itens.0.quantidade' }]);
    expect(
      issues(EmissaoRequestSchema, emission({ pagamento: { tpag: '01', valor: -1 } })),
    ).toEqual([{ code: 'greater_than', path: 'pagamento.valor' }]);
    const negativeTax = {
      ...item,
      peso_bruto_kg: null,
      fiscal_result: {
        ...item?.fiscal_result,
        tributos: [{ ...item?.fiscal_result.tributos[0], valor: '-1' }],
      },
    };
    expect(issues(EmissaoRequestSchema, emission({ itens: [negativeTax] }))).toEqual([]);
  });

  it('reports a missing required field where it is missing', () => {
    const { pagamento: _omitted, ...rest } = emission();
    expect(issues(EmissaoRequestSchema, rest)).toEqual([
      { code: 'invalid_type', path: 'pagamento' },
    ]);
  });

  it('checks rule_id as a uuid', () => {
    const item = emission().itens[0];
    const tributo = { ...item?.fiscal_result.tributos[0], rule_id: 'r1' };
    const bad = { ...item, fiscal_result: { ...item?.fiscal_result, tributos: [tributo] } };
    expect(issues(EmissaoRequestSchema, emission({ itens: [bad] }))).toEqual([
      { code: 'invalid_string', path: 'itens.0.fiscal_result.tributos.0.rule_id' },
    ]);
  });
});

describe('series schemas', () => {
  const create = { tenant_ref: 't', branch_ref: 'b', serie: 0, next_number: 1 };

  it('defaults document_model to 55 and accepts serie 0', () => {
    expect(FiscalSeriesCreateSchema.parse(create)).toEqual({ ...create, document_model: '55' });
  });

  it.each([
    [{ next_number: 0 }, 'too_small', 'next_number'],
    [{ next_number: 1_000_000_000 }, 'too_big', 'next_number'],
    [{ serie: 1000 }, 'too_big', 'serie'],
    [{ document_model: '65' }, 'invalid_literal', 'document_model'],
    [{ branch_ref: 'x'.repeat(65) }, 'too_big', 'branch_ref'],
  ])('rejects create with %j', (overrides, code, path) => {
    expect(issues(FiscalSeriesCreateSchema, { ...create, ...overrides })).toEqual([{ code, path }]);
  });

  it('patch takes only next_number and rejects null, extra keys and an empty body', () => {
    expect(FiscalSeriesPatchSchema.parse({ next_number: 999_999_999 })).toEqual({
      next_number: 999_999_999,
    });
    expect(issues(FiscalSeriesPatchSchema, { next_number: null })).toEqual([
      { code: 'invalid_type', path: 'next_number' },
    ]);
    expect(issues(FiscalSeriesPatchSchema, { next_number: 0 })).toEqual([
      { code: 'too_small', path: 'next_number' },
    ]);
    expect(issues(FiscalSeriesPatchSchema, { next_number: 2, serie: 3 })).toEqual([
      { code: 'unrecognized_keys', path: '' },
    ]);
    expect(issues(FiscalSeriesPatchSchema, {})).toEqual([
      { code: 'invalid_type', path: 'next_number' },
    ]);
  });

  it('reads an exhausted series (next_number past the last NF-e number)', () => {
    const row = {
      id: UUID,
      product_id: UUID,
      tenant_ref: 't',
      branch_ref: 'b',
      document_model: '55',
      serie: 1,
      next_number: 1_000_000_000,
    };
    expect(FiscalSeriesReadSchema.safeParse(row).success).toBe(true);
  });
});

describe('query, header and form schemas', () => {
  it('list query: defaults 50 and 0, converts integer text', () => {
    expect(DocumentListQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(
      DocumentListQuerySchema.parse({ limit: '200', offset: '0', status: 'assinada' }),
    ).toEqual({
      limit: 200,
      offset: 0,
      status: 'assinada',
    });
  });

  it.each([
    [{ limit: 'abc' }, 'int_parsing', 'limit'],
    [{ limit: '' }, 'int_parsing', 'limit'],
    [{ limit: '1.5' }, 'int_parsing', 'limit'],
    [{ limit: '1e2' }, 'int_parsing', 'limit'],
    [{ limit: '0' }, 'too_small', 'limit'],
    [{ limit: '201' }, 'too_big', 'limit'],
    [{ offset: '-1' }, 'too_small', 'offset'],
    [{ offset: '99999999999999999999' }, 'too_big', 'offset'],
    [{ status: 'x'.repeat(21) }, 'too_big', 'status'],
    [{ tenant_ref: 'x'.repeat(65) }, 'too_big', 'tenant_ref'],
  ])('list query rejects %j', (query, code, path) => {
    expect(issues(DocumentListQuerySchema, query)).toEqual([{ code, path }]);
  });

  it('tenant and branch are both required where the slot matters', () => {
    expect(issues(TenantBranchQuerySchema, { tenant_ref: 't' })).toEqual([
      { code: 'invalid_type', path: 'branch_ref' },
    ]);
  });

  it('Idempotency-Key is 1 to 255 characters', () => {
    expect(EmissionHeadersSchema.safeParse({ 'idempotency-key': 'k'.repeat(255) }).success).toBe(
      true,
    );
    expect(issues(EmissionHeadersSchema, { 'idempotency-key': '' })).toEqual([
      { code: 'too_small', path: 'idempotency-key' },
    ]);
    expect(issues(EmissionHeadersSchema, { 'idempotency-key': 'k'.repeat(256) })).toEqual([
      { code: 'too_big', path: 'idempotency-key' },
    ]);
    expect(issues(EmissionHeadersSchema, {})).toEqual([
      { code: 'invalid_type', path: 'idempotency-key' },
    ]);
  });

  it('upload fields: cnpj of 14, password required', () => {
    expect(
      CertificateUploadFieldsSchema.safeParse({ cnpj: '12345678000195', password: '' }).success,
    ).toBe(true);
    expect(issues(CertificateUploadFieldsSchema, { cnpj: '123' })).toEqual([
      { code: 'too_small', path: 'cnpj' },
      { code: 'invalid_type', path: 'password' },
    ]);
  });

  it('a CNPJ of the wrong length reports only the length', () => {
    expect(issues(CnpjSchema, '12345678000195X')).toEqual([{ code: 'too_big', path: '' }]);
  });
});

describe('FiscalDocumentReadSchema', () => {
  const doc = {
    id: UUID,
    product_id: UUID,
    tenant_ref: 't',
    branch_ref: 'b',
    series_id: UUID,
    document_model: '55',
    serie: 1,
    numero: 1,
    chave_acesso: '3'.repeat(44),
    codigo_numerico: '12345678',
    tp_emis: '1',
    status: 'assinada',
    ambiente: 'homologacao',
    rejeicao_codigo: null,
    rejeicao_motivo: null,
    protocolo: null,
    autorizada_em: null,
    created_at: '2026-11-21T10:00:00.000Z',
  };

  it('accepts a freshly signed document with its null authorisation fields', () => {
    expect(FiscalDocumentReadSchema.safeParse(doc).success).toBe(true);
  });

  it('requires ISO date-times with a zone', () => {
    expect(issues(FiscalDocumentReadSchema, { ...doc, created_at: '2026-11-21 10:00' })).toEqual([
      { code: 'invalid_string', path: 'created_at' },
    ]);
    expect(
      FiscalDocumentReadSchema.safeParse({ ...doc, autorizada_em: '2026-11-21T10:00:00-03:00' })
        .success,
    ).toBe(true);
  });
});
