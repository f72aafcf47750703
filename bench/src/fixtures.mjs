// Inputs shared by every part: an emission request (the API's JSON) and NF-e-shaped XML.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
export const EMITTER_CNPJ = '12345678000195';
const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';

/** One item with ICMS 00, PIS and COFINS (as apps/api/test/helpers/emission.ts): 2 × 10.50. */
function item(n) {
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

/** A valid EmissaoRequest (same shape as the API tests' `emissionRequest`). */
export function emissionRequest(refs, { items = 1, serie = 1 } = {}) {
  return {
    ...refs,
    serie,
    ambiente: 'homologacao',
    uf_destino_tipo: 'interna',
    ver_proc: 'emissor-bench 1.0',
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
    itens: Array.from({ length: items }, (_, i) => item(i + 1)),
    pagamento: { tpag: '01', valor: (21 * items).toFixed(2) },
  };
}

/**
 * The same request with heavier items: a GTIN and six tax lines each (ICMS 10 with FCP and ST, IPI,
 * PIS, COFINS), about 1 KB of det per item. The build figure for a tax-rich document.
 */
export function heavyEmissionRequest(refs, { items = 1 } = {}) {
  const request = emissionRequest(refs, { items });
  const line = (tax_domain, fields) => ({
    tax_domain,
    base_calc: '21.00',
    base_calc_percent: '100',
    valor: '0',
    rule_id: RULE_ID,
    ...fields,
  });
  request.itens = request.itens.map((item) => ({
    ...item,
    gtin: '7891000315507',
    fiscal_result: {
      ...item.fiscal_result,
      cst: '10',
      tributos: [
        line('icms', { cst: '10', aliquota: '18.00', valor: '3.78' }),
        line('fcp', { fcp_percent: '2', valor: '0.42' }),
        line('icms_st', { base_calc: '29.40', aliquota_st: '18', mva: '40', valor: '1.51' }),
        line('ipi', { cst: '50', aliquota: '5', valor: '1.05' }),
        line('pis', { cst: '01', aliquota: '1.65', valor: '0.35' }),
        line('cofins', { cst: '01', aliquota: '7.60', valor: '1.60' }),
      ],
    },
  }));
  // vNF grows by ST and IPI: 21.00 + 1.51 + 1.05 an item.
  request.pagamento = { tpag: '01', valor: (23.56 * items).toFixed(2) };
  return request;
}

const SAMPLE =
  '/work/shared/nfe-samples/43180906929383000163550010000000261000010301-procNFe.compact-derived.xml';
const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';

/**
 * Fallback when @emissor/nfe-xml cannot build yet: the real SEFAZ-RS homologação NF-e 4.00 from
 * the shared samples, its <NFe> taken out of the nfeProc, its Signature removed, and its one <det>
 * repeated `items` times (nItem renumbered). Same shape and size per item as a real document.
 */
export function sampleNfeXml(items) {
  if (!existsSync(SAMPLE)) throw new Error(`sample not found: ${SAMPLE}`);
  const proc = readFileSync(SAMPLE, 'utf8');
  const start = proc.indexOf('<NFe>');
  const end = proc.indexOf('</NFe>') + '</NFe>'.length;
  let nfe = proc.slice(start, end).replace(/<Signature[\s\S]*?<\/Signature>/, '');
  nfe = nfe.replace('<NFe>', `<NFe xmlns="${NFE_NS}">`);
  const detStart = nfe.indexOf('<det nItem="1">');
  const detEnd = nfe.lastIndexOf('</det>') + '</det>'.length;
  const det = nfe.slice(detStart, detEnd);
  const dets = Array.from({ length: items }, (_, i) =>
    det.replace('<det nItem="1">', `<det nItem="${i + 1}">`),
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>${nfe.slice(0, detStart)}${dets}${nfe.slice(detEnd)}`;
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export const resultsDir = join(REPO, 'bench', 'results');
