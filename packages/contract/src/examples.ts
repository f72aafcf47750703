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
  tp_emis: '1',
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
  tp_emis: '1',
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
  idade_s: 42,
  modo: 'normal',
  modo_desde: null,
  modo_motivo: null,
} as const;

// Events and inutilizações of the same bakery: document 1 cancelled 25 minutes after its
// authorisation, and the number of the rejected document 2 voided automatically.

const EVENT_ID = '4d2e6f8a-1b3c-4d5e-8f7a-9b0c1d2e3f41';
const CORRECTION_ID = '5e3f7a9b-2c4d-4e6f-9a8b-0c1d2e3f4a52';
const VOID_ID = '6f4a8b0c-3d5e-4f7a-8b9c-1d2e3f4a5b63';
const MANUAL_VOID_ID = '7a5b9c1d-4e6f-4a8b-9c0d-2e3f4a5b6c74';
const CANCEL_REASON = 'Pedido cancelado pelo cliente antes da entrega';

/** The body of `POST /v1/documentos/{id}/cancelamento` (detEvento/xJust). */
export const CANCELAMENTO_EXAMPLE = { justificativa: CANCEL_REASON } as const;

/** The body of `POST /v1/documentos/{id}/cartas-correcao` (detEvento/xCorrecao). */
export const CARTA_CORRECAO_EXAMPLE = {
  correcao:
    'Endereço de entrega: Avenida Paulista, 1000, apartamento 52, Bela Vista, São Paulo - SP',
} as const;

/** The cancellation of document 1, registered by SEFAZ-SP (retEvento cStat 135). */
export const CANCELLATION_EVENT_EXAMPLE = {
  id: EVENT_ID,
  product_id: PRODUCT_ID,
  document_id: DOCUMENT_ID,
  tipo: 'cancelamento',
  sequencia: 1,
  status: 'registrado',
  protocolo: '135260000000002',
  registrado_em: '2026-11-26T13:40:12Z',
  rejeicao_codigo: null,
  rejeicao_motivo: null,
  created_at: '2026-11-26T13:40:11Z',
} as const;

/** The same cancellation before SEFAZ answered (a request without `Prefer: wait`). */
export const PROCESSING_EVENT_EXAMPLE = {
  ...CANCELLATION_EVENT_EXAMPLE,
  status: 'processando',
  protocolo: null,
  registrado_em: null,
} as const;

/** A first carta de correção of document 1, registered. */
export const CORRECTION_EVENT_EXAMPLE = {
  ...CANCELLATION_EVENT_EXAMPLE,
  id: CORRECTION_ID,
  tipo: 'carta_correcao',
  protocolo: '135260000000003',
  registrado_em: '2026-11-26T13:30:02Z',
  created_at: '2026-11-26T13:30:01Z',
} as const;

/** A cancellation SEFAZ refused: the code and reason are SEFAZ's own. */
export const REJECTED_EVENT_EXAMPLE = {
  ...PROCESSING_EVENT_EXAMPLE,
  status: 'rejeitado',
  rejeicao_codigo: '573',
  rejeicao_motivo: 'Rejeição: Duplicidade de Evento',
} as const;

/** The body of `POST /v1/inutilizacoes`: numbers skipped when the bakery changed systems. */
export const INUTILIZACAO_EXAMPLE = {
  ...refs,
  serie: 1,
  numero_inicial: 3,
  numero_final: 5,
  justificativa: 'Números saltados na migração do sistema de emissão',
  ambiente: 'homologacao',
  uf: 'SP',
} as const;

/** The inutilização of that body, homologated by SEFAZ-SP (retInutNFe cStat 102). */
export const VOID_EXAMPLE = {
  id: MANUAL_VOID_ID,
  product_id: PRODUCT_ID,
  ...refs,
  serie: 1,
  numero_inicial: 3,
  numero_final: 5,
  ambiente: 'homologacao',
  origem: 'manual',
  status: 'homologada',
  protocolo: '135260000000004',
  homologada_em: '2026-11-26T14:02:41Z',
  rejeicao_codigo: null,
  rejeicao_motivo: null,
  created_at: '2026-11-26T14:02:40Z',
} as const;

/** The same inutilização before SEFAZ answered. */
export const PROCESSING_VOID_EXAMPLE = {
  ...VOID_EXAMPLE,
  status: 'processando',
  protocolo: null,
  homologada_em: null,
} as const;

/** The automatic void of the rejected document 2's number. */
export const AUTOMATIC_VOID_EXAMPLE = {
  ...VOID_EXAMPLE,
  id: VOID_ID,
  numero_inicial: 2,
  numero_final: 2,
  origem: 'rejeicao',
  protocolo: '135260000000005',
  homologada_em: '2026-11-26T13:20:05Z',
  created_at: '2026-11-26T13:20:04Z',
} as const;

/** The procEventoNFe of the cancellation (the signed evento and SEFAZ's retEvento), shortened. */
export const PROC_EVENTO_XML_EXAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><evento versao="1.00">' +
  `<infEvento Id="ID110111${CHAVE}01"><cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>${EXAMPLE_CNPJ}</CNPJ>` +
  `<chNFe>${CHAVE}</chNFe><dhEvento>2026-11-26T10:40:11-03:00</dhEvento><tpEvento>110111</tpEvento>` +
  '<nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00">' +
  `<descEvento>Cancelamento</descEvento><nProt>135260000000001</nProt><xJust>${CANCEL_REASON}</xJust>` +
  '</detEvento></infEvento><Signature xmlns="http://www.w3.org/2000/09/xmldsig#">…</Signature></evento>' +
  '<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>SP_EVENTOS_PL_100</verAplic>' +
  '<cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo>' +
  `<chNFe>${CHAVE}</chNFe><tpEvento>110111</tpEvento><xEvento>Cancelamento registrado</xEvento>` +
  '<nSeqEvento>1</nSeqEvento><dhRegEvento>2026-11-26T10:40:12-03:00</dhRegEvento>' +
  '<nProt>135260000000002</nProt></infEvento></retEvento></procEventoNFe>';

/** The ProcInutNFe of the manual inutilização (the signed inutNFe and SEFAZ's retInutNFe), shortened. */
export const PROC_INUT_XML_EXAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<ProcInutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><inutNFe versao="4.00">' +
  `<infInut Id="ID3526${EXAMPLE_CNPJ}55001000000003000000005"><tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ>` +
  `<cUF>35</cUF><ano>26</ano><CNPJ>${EXAMPLE_CNPJ}</CNPJ><mod>55</mod><serie>1</serie>` +
  `<nNFIni>3</nNFIni><nNFFin>5</nNFFin><xJust>${INUTILIZACAO_EXAMPLE.justificativa}</xJust></infInut>` +
  '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">…</Signature></inutNFe>' +
  '<retInutNFe versao="4.00"><infInut><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>' +
  '<cStat>102</cStat><xMotivo>Inutilização de número homologado</xMotivo><cUF>35</cUF><ano>26</ano>' +
  `<CNPJ>${EXAMPLE_CNPJ}</CNPJ><mod>55</mod><serie>1</serie><nNFIni>3</nNFIni><nNFFin>5</nNFFin>` +
  '<dhRecbto>2026-11-26T11:02:41-03:00</dhRecbto><nProt>135260000000004</nProt></infInut>' +
  '</retInutNFe></ProcInutNFe>';
