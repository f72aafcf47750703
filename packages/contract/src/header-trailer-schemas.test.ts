import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { EMISSION_EXAMPLE } from './examples.js';
import { EmissaoRequestSchema } from './schemas/emissions.js';

/** `code` and path of every issue. */
function issues(value: unknown) {
  const result = (EmissaoRequestSchema as z.ZodTypeAny).safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ code: i.code, path: i.path.join('.') }));
}

const FULL = {
  ...EMISSION_EXAMPLE,
  emitente: {
    ...EMISSION_EXAMPLE.emitente,
    ie_st: '123',
    inscricao_municipal: '1',
    cnae: '4781400',
  },
  destinatario: {
    ...EMISSION_EXAMPLE.destinatario,
    inscricao_suframa: '12345678',
    inscricao_municipal: 'IM1',
    address_country_code: '1058',
    address_country: 'BRASIL',
  },
  tp_nf: '1',
  data_saida_entrada: '2026-11-21T19:30:00-03:00',
  ind_pres: '2',
  ind_intermed: '1',
  documentos_referenciados: [
    { chave_acesso: '35261111222333000181550010000000051123456783' },
    { nota_modelo_1: { uf: 'SP', ano_mes: '2611', cnpj: '11222333000181', serie: 1, numero: 2 } },
    {
      produtor_rural: {
        uf: 'SP',
        ano_mes: '2611',
        cpf: '12345678909',
        ie: 'ISENTO',
        serie: 0,
        numero: 3,
      },
    },
    { cupom_fiscal: { modelo: '2D', numero_ecf: '1', coo: '12' } },
  ],
  retirada: {
    cnpj: '11222333000181',
    address_street: 'Rua',
    address_number: '1',
    address_district: 'Centro',
    address_city: 'SAO PAULO',
    address_city_ibge_code: '3550308',
    address_state: 'SP',
    address_zip: '01001000',
  },
  entrega: {
    cpf: '12345678909',
    address_street: 'X',
    address_number: '1',
    address_district: 'Y',
    address_state: 'EX',
  },
  autorizados_xml: [{ cnpj: '11222333000181' }, { cpf: '12345678909' }],
  intermediador: { cnpj: '03562067000108', identificador: 'LOJA' },
  informacoes_adicionais: {
    fisco: 'F',
    contribuinte: 'C',
    observacoes_contribuinte: [{ campo: 'a', texto: 'b' }],
    observacoes_fisco: [{ campo: 'a', texto: 'b' }],
    processos: [{ numero: '1', origem: '0', tipo_ato: '08' }],
  },
  exportacao: { uf_embarque: 'SP', local_embarque: 'Santos' },
  compra: { nota_empenho: 'NE1', pedido: 'P1', contrato: 'C1' },
};

describe('the header and trailer groups in EmissaoRequestSchema', () => {
  it('parses every group; paper notes default their model, tp_nf is not filled in', () => {
    const parsed = EmissaoRequestSchema.parse(FULL);
    expect(parsed.documentos_referenciados?.[1]?.nota_modelo_1?.modelo).toBe('01');
    expect(parsed.documentos_referenciados?.[2]?.produtor_rural?.modelo).toBe('04');
    expect(parsed.intermediador).toEqual({ cnpj: '03562067000108', identificador: 'LOJA' });
    expect(parsed.entrega?.address_state).toBe('EX');
    // Absent stays absent (the builder writes 1), so older bodies keep their fingerprint.
    expect('tp_nf' in EmissaoRequestSchema.parse(EMISSION_EXAMPLE)).toBe(false);
  });

  it('accepts uf_destino_tipo exterior', () => {
    expect(issues({ ...FULL, uf_destino_tipo: 'exterior' })).toEqual([]);
  });

  it('refuses unknown fields inside each group, and lists over their size', () => {
    expect(issues({ ...FULL, intermediador: { ...FULL.intermediador, nome: 'x' } })).toEqual([
      { code: 'unrecognized_keys', path: 'intermediador' },
    ]);
    expect(issues({ ...FULL, documentos_referenciados: [{ chave: '1' }] })).toEqual([
      { code: 'unrecognized_keys', path: 'documentos_referenciados.0' },
    ]);
    expect(issues({ ...FULL, compra: { empenho: 'x' } })).toEqual([
      { code: 'unrecognized_keys', path: 'compra' },
    ]);
    const eleven = Array.from({ length: 11 }, () => ({ cpf: '12345678909' }));
    expect(issues({ ...FULL, autorizados_xml: eleven })).toEqual([
      { code: 'too_big', path: 'autorizados_xml' },
    ]);
    const many = Array.from({ length: 501 }, () => ({
      cupom_fiscal: { modelo: '2D', numero_ecf: '1', coo: '1' },
    }));
    expect(issues({ ...FULL, documentos_referenciados: many })).toEqual([
      { code: 'too_big', path: 'documentos_referenciados' },
    ]);
  });

  it('paper notes take integers for serie and numero', () => {
    const ref = {
      nota_modelo_1: { uf: 'SP', ano_mes: '2611', cnpj: '1', serie: '1', numero: 1.5 },
    };
    expect(issues({ ...FULL, documentos_referenciados: [ref] })).toEqual([
      { code: 'invalid_type', path: 'documentos_referenciados.0.nota_modelo_1.serie' },
      { code: 'invalid_type', path: 'documentos_referenciados.0.nota_modelo_1.numero' },
    ]);
  });
});
