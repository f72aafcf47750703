/**
 * The emission requests the tests and benchmarks send, written once: the API's JSON (an
 * `EmissaoRequest`, decimals as strings, which is also what @emissor/nfe-xml's `NfeRequest` reads).
 * Plain objects, so this package needs neither the contract nor the library.
 */

/** The emitter of every request here: a valid CNPJ (check digits right), all digits. */
export const EMITTER_CNPJ = '12345678000195';
const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

export interface Refs {
  tenant_ref: string;
  branch_ref: string;
}

/**
 * One item with ICMS 00, PIS and COFINS at the usual non-cumulative rates: 2 × 10.50. `names`
 * replaces its code and description (the DANFE tests print long and accented ones).
 */
export function regimeNormalItem(n: number, names: { codigo?: string; descricao?: string } = {}) {
  const line = (tax_domain: string, cst: string, aliquota: string, valor: string) => ({
    tax_domain,
    cst,
    base_calc: '21.00',
    base_calc_percent: '100',
    aliquota,
    valor,
    rule_id: RULE_ID,
  });
  return {
    codigo: names.codigo ?? `P${n}`,
    descricao: names.descricao ?? `Produto de teste ${n} & cia <ltda>`,
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
        line('icms', '00', '18.00', '3.78'),
        line('pis', '01', '1.65', '0.35'),
        line('cofins', '01', '7.60', '1.60'),
      ],
    },
  };
}

export interface EmissionRequestOptions {
  /** Items, each 21.00 (default 1). */
  items?: number;
  serie?: number;
  /** `ver_proc`, so a document tells which tool made it (default `emissor-tests 1.0`). */
  verProc?: string;
}

/** A valid request: a Regime Normal emitter in São Paulo selling to a person in SP, 21.00 an item. */
export function emissionRequest(refs: Refs, options: EmissionRequestOptions = {}) {
  const count = options.items ?? 1;
  return {
    ...refs,
    serie: options.serie ?? 1,
    ambiente: 'homologacao' as const,
    uf_destino_tipo: 'interna' as const,
    ver_proc: options.verProc ?? 'emissor-tests 1.0',
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
    itens: Array.from({ length: count }, (_, i) => regimeNormalItem(i + 1)),
    pagamento: { tpag: '01', valor: (21 * count).toFixed(2) },
  };
}

/** One item of 10 × 50 under Simples Nacional (CSOSN 102, no tax lines). */
export function simplesNacionalItem() {
  return {
    codigo: '11007',
    descricao: 'UM PRODUTO TESTE QUALQUER',
    ncm: '64011000',
    cfop: '5102',
    unidade_comercial: 'UN',
    unidade_tributavel: 'UN',
    quantidade: '10',
    valor_unitario: '50',
    fiscal_result: {
      cfop: '5102',
      consumidor_final: true,
      indicador_ie: '9',
      csosn: '102',
      tributos: [],
    },
  };
}

/**
 * The smallest valid request: a Simples Nacional emitter in SP (`cnpj`, by default a valid one of
 * the library's tests) selling one item of 500.00 to an unidentified consumer.
 */
export function simplesNacionalRequest(cnpj = '58716523000119') {
  return {
    tenant_ref: 't',
    branch_ref: 'b',
    serie: 1,
    emitente: {
      cnpj,
      razao_social: 'EMPRESA TESTE LTDA',
      ie: '112006603110',
      crt: '1',
      address_street: 'Rua dos Testes',
      address_number: '100',
      address_district: 'Centro',
      address_city: 'SAO PAULO',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    itens: [simplesNacionalItem()],
    pagamento: { tpag: '01', valor: '500' },
    ambiente: 'homologacao' as const,
    uf_destino_tipo: 'interna' as const,
    ver_proc: 'emissor-test',
  };
}
