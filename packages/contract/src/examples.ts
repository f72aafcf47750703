// Realistic bodies for the OpenAPI document: one small bakery in São Paulo (Regime Normal) selling two
// loaves to a person, paid by PIX. The emission example is the one a test posts verbatim to a running
// API (after `pnpm admin dev-certificate --cnpj 11222333000181` and a series), so it must stay a
// request SEFAZ authorises; the response examples are what that emission gives back.

/** A valid CNPJ (check digits right) for examples; `pnpm admin dev-certificate` makes its certificate. */
export const EXAMPLE_CNPJ = '11222333000181';

const refs = { tenant_ref: 'padaria-do-ze', branch_ref: 'matriz' } as const;
const PRODUCT_ID = '5b0e7e0c-1f5a-4c1e-8d7e-2b9a4c6d8e10';
const SERIES_ID = '2f4c6a8e-0b1d-4e3f-9a5c-7d9e1b3f5a70';
const DOCUMENT_ID = '0f9d1c1e-7a4b-4c2e-9b8a-3f2d1e0c9b8a';
/** The tax engine's rules that computed each line (see `rule_id`). */
const RULES = {
  icms: '6f1c2a9e-4b7d-4e2a-9c3f-1d5e8a7b2c40',
  pis: '7a2d3b0f-5c8e-4f3b-8d4a-2e6f9b8c3d51',
  cofins: '8b3e4c1a-6d9f-4a4c-9e5b-3f7a0c9d4e62',
} as const;
const CHAVE = '35261111222333000181550010000000011482917356';

/** The body of `POST /v1/emissoes` that the README and the examples send. */
export const EMISSION_EXAMPLE = {
  ...refs,
  serie: 1,
  ambiente: 'homologacao',
  uf_destino_tipo: 'interna',
  ver_proc: 'padaria-app 1.0',
  nat_op: 'Venda de mercadoria',
  emitente: {
    cnpj: EXAMPLE_CNPJ,
    razao_social: 'PADARIA DO ZE LTDA',
    nome_fantasia: 'Padaria do Zé',
    ie: '123456789012',
    crt: '3',
    address_street: 'Rua Augusta',
    address_number: '1500',
    address_district: 'Consolação',
    address_city: 'São Paulo',
    address_state: 'SP',
    address_zip: '01304001',
    address_city_ibge_code: '3550308',
    fone: '1133334444',
  },
  destinatario: {
    nome: 'Maria da Silva',
    cpf: '12345678909',
    indicador_ie: '9',
    email: 'maria@example.com',
    address_street: 'Avenida Paulista',
    address_number: '1000',
    address_district: 'Bela Vista',
    address_city: 'São Paulo',
    address_city_ibge_code: '3550308',
    address_state: 'SP',
    address_zip: '01310100',
  },
  itens: [
    {
      codigo: 'PAO-INT-500',
      descricao: 'Pão de forma integral 500 g',
      ncm: '19059010',
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
            rule_id: RULES.icms,
          },
          {
            tax_domain: 'pis',
            cst: '01',
            base_calc: '21.00',
            base_calc_percent: '100',
            aliquota: '1.65',
            valor: '0.35',
            rule_id: RULES.pis,
          },
          {
            tax_domain: 'cofins',
            cst: '01',
            base_calc: '21.00',
            base_calc_percent: '100',
            aliquota: '7.60',
            valor: '1.60',
            rule_id: RULES.cofins,
          },
        ],
      },
    },
  ],
  pagamento: { tpag: '17', valor: '21.00', indpag: '0' },
};

/** An authorised document, as `GET /v1/documentos/{id}` and the emission return it. */
export const DOCUMENT_EXAMPLE = {
  id: DOCUMENT_ID,
  product_id: PRODUCT_ID,
  ...refs,
  series_id: SERIES_ID,
  document_model: '55',
  serie: 1,
  numero: 1,
  chave_acesso: CHAVE,
  codigo_numerico: '48291735',
  status: 'autorizada',
  ambiente: 'homologacao',
  rejeicao_codigo: null,
  rejeicao_motivo: null,
  protocolo: '135260000000001',
  autorizada_em: '2026-11-26T13:15:31Z',
  created_at: '2026-11-26T13:15:30Z',
} as const;

/** The same document before SEFAZ answered (an emission without `Prefer: wait`). */
export const PROCESSING_DOCUMENT_EXAMPLE = {
  ...DOCUMENT_EXAMPLE,
  status: 'processando',
  protocolo: null,
  autorizada_em: null,
} as const;

/** A document SEFAZ refused: the code and reason are SEFAZ's own. */
export const REJECTED_DOCUMENT_EXAMPLE = {
  ...DOCUMENT_EXAMPLE,
  numero: 2,
  chave_acesso: '35261111222333000181550010000000021930517469',
  codigo_numerico: '93051746',
  status: 'rejeitada',
  rejeicao_codigo: '778',
  rejeicao_motivo: 'Rejeição: Informado NCM inexistente',
  protocolo: null,
  autorizada_em: null,
} as const;

/** Serie 1 of the bakery's branch, one number used. */
export const SERIES_EXAMPLE = {
  id: SERIES_ID,
  product_id: PRODUCT_ID,
  ...refs,
  document_model: '55',
  serie: 1,
  next_number: 2,
} as const;

export const SERIES_CREATE_EXAMPLE = { ...refs, serie: 1, next_number: 1 } as const;

/** The metadata of the branch's live certificate (never its file or password). */
export const CERTIFICATE_EXAMPLE = {
  id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c61',
  product_id: PRODUCT_ID,
  ...refs,
  cnpj: EXAMPLE_CNPJ,
  subject_cn: `PADARIA DO ZE LTDA:${EXAMPLE_CNPJ}`,
  cnpj_certificado: EXAMPLE_CNPJ,
  not_valid_before: '2026-11-26T00:00:00Z',
  not_valid_after: '2027-11-26T00:00:00Z',
  created_at: '2026-11-26T13:10:02Z',
} as const;

/** An nfeProc (the signed NFe and SEFAZ's protocol), shortened where marked with `…`. */
export const NFE_PROC_XML_EXAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${CHAVE}" versao="4.00">` +
  `<ide><cUF>35</cUF><cNF>48291735</cNF><natOp>Venda de mercadoria</natOp><mod>55</mod><serie>1</serie><nNF>1</nNF>…</ide>` +
  `<emit><CNPJ>${EXAMPLE_CNPJ}</CNPJ><xNome>PADARIA DO ZE LTDA</xNome>…<CRT>3</CRT></emit>…` +
  `<total><ICMSTot>…<vNF>21.00</vNF>…</ICMSTot></total>…</infNFe>` +
  `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">…</Signature></NFe>` +
  `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${CHAVE}</chNFe>` +
  `<dhRecbto>2026-11-26T10:15:31-03:00</dhRecbto><nProt>135260000000001</nProt><digVal>…</digVal>` +
  `<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;

/** `GET /v1/sefaz/status` for SP in homologação. */
export const SEFAZ_STATUS_EXAMPLE = {
  uf: 'SP',
  ambiente: 'homologacao',
  autorizador: 'SP',
  codigo: '107',
  motivo: 'Serviço em Operação',
  tempo_medio_s: 1,
  consultado_em: '2026-11-26T13:00:05Z',
} as const;
