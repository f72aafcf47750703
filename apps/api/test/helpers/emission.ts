import { randomUUID } from 'node:crypto';

import type { EmissorClient } from '@emissor/client';

import { postCertificate, testPfx } from './certificates.js';

export const EMITTER_CNPJ = '12345678000195';
const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

/** One item with ICMS 00, PIS and COFINS at the usual non-cumulative rates: 2 × 10.50. */
function item(n: number) {
  return {
    codigo: `P${n}`,
    descricao: `Produto de teste ${n} & cia <ltda>`,
    ncm: '61091000',
    cfop: '5102',
    unidade_comercial: 'UN',
    unidade_tributavel: 'UN',
    quantidade: '2',
    valor_unitario: '10.50',
    fiscal_result: {
      cfop: '5102',
      consumidor_final: true,
      indicador_ie: '9',
      cst: '00',
      origem: '0',
      tributos: [
        {
          tax_domain: 'icms',
          cst: '00',
          base_calc: '21.00',
          base_calc_percent: '100',
          aliquota: '18.00',
          valor: '3.78',
          rule_id: RULE_ID,
        },
        {
          tax_domain: 'pis',
          cst: '01',
          base_calc: '21.00',
          base_calc_percent: '100',
          aliquota: '1.65',
          valor: '0.35',
          rule_id: RULE_ID,
        },
        {
          tax_domain: 'cofins',
          cst: '01',
          base_calc: '21.00',
          base_calc_percent: '100',
          aliquota: '7.60',
          valor: '1.60',
          rule_id: RULE_ID,
        },
      ],
    },
  };
}

/** A valid EmissaoRequest: a Regime Normal emitter in São Paulo selling to a person in SP. */
export function emissionRequest(
  refs: { tenant_ref: string; branch_ref: string },
  options: { items?: number; serie?: number } = {},
) {
  const count = options.items ?? 1;
  return {
    ...refs,
    serie: options.serie ?? 1,
    ambiente: 'homologacao' as const,
    uf_destino_tipo: 'interna' as const,
    ver_proc: 'emissor-tests 1.0',
    emitente: {
      cnpj: EMITTER_CNPJ,
      razao_social: 'EMPRESA DE TESTE LTDA',
      nome_fantasia: 'TESTE',
      ie: '123456789012',
      crt: '3',
      address_street: 'Rua dos Testes',
      address_number: '100',
      address_district: 'Centro',
      address_city: 'Sao Paulo',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    destinatario: {
      nome: 'Cliente de Teste',
      cpf: '12345678909',
      indicador_ie: '9',
      address_street: 'Avenida Paulista',
      address_number: '1000',
      address_district: 'Bela Vista',
      address_city: 'Sao Paulo',
      address_city_ibge_code: '3550308',
      address_state: 'SP',
      address_zip: '01310100',
    },
    itens: Array.from({ length: count }, (_, i) => item(i + 1)),
    pagamento: { tpag: '01', valor: (21 * count).toFixed(2) },
  };
}

export const newKey = () => randomUUID();

/** A series and a live certificate for `refs`, ready to emit. */
export async function prepareBranch(
  baseUrl: string,
  product: { apiKey: string; client: EmissorClient },
  refs: { tenant_ref: string; branch_ref: string },
  options: { serie?: number; nextNumber?: number } = {},
) {
  const series = await product.client.series.createSeries({
    body: { ...refs, serie: options.serie ?? 1, next_number: options.nextNumber ?? 1 },
  });
  if (series.status !== 201) throw new Error(`series setup failed: ${series.status}`);
  const pfx = testPfx({ cnpj: EMITTER_CNPJ });
  const cert = await postCertificate(baseUrl, product.apiKey, refs, {
    cnpj: EMITTER_CNPJ,
    password: pfx.password,
    file: pfx.pfx,
  });
  if (cert.status !== 201)
    throw new Error(`certificate setup failed: ${cert.status} ${JSON.stringify(cert.body)}`);
  return { seriesId: series.body.id, certificateId: cert.body.id as string };
}
