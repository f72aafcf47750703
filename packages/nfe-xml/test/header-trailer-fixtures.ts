import { chaveAcesso, type NfeDestinatario, type NfeItem, type NfeRequest } from '../src/index.js';
import { item, request } from './fixtures.js';

/*
 * Requests exercising the document-level groups around the items: ide's references and flags,
 * the parties (retirada, entrega, autXML, infIntermed), the closing groups (infAdic, exporta,
 * compra). Check digits are computed here, independently of the library's validators.
 */

function modulo11(body: string, maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - 48) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}

/** A CNPJ with the right check digits for its first 12 characters. */
export function cnpj(base12: string): string {
  const first = modulo11(base12, 9);
  return `${base12}${first}${modulo11(base12 + String(first), 9)}`;
}

/** A CPF with the right check digits for its first 9 digits. */
export function cpf(base9: string): string {
  const first = modulo11(base9, 10);
  return `${base9}${first}${modulo11(base9 + String(first), 11)}`;
}

/** `value` with its last digit changed: wrong check digits. */
export const wrongDigit = (value: string) =>
  value.slice(0, -1) + String((Number(value.slice(-1)) + 1) % 10);

export const SUPPLIER_CNPJ = cnpj('112223330001');
export const MARKETPLACE_CNPJ = cnpj('035620670001');
export const BUYER_CNPJ = cnpj('069293830001');
export const BUYER_CPF = '12345678909';

/** The chave of an NF-e SP issued in November 2026 by SUPPLIER_CNPJ (number `numero`). */
export const nfeChave = (numero = 5, modelo = '55') =>
  chaveAcesso({
    cUF: '35',
    aamm: '2611',
    cnpj: SUPPLIER_CNPJ,
    serie: 1,
    numero,
    tpEmis: '1',
    codigoNumerico: '12345678',
    modelo,
  });

export const COMPANY: NfeDestinatario = {
  nome: 'CLIENTE COMPRADOR LTDA',
  indicador_ie: '1',
  cnpj: BUYER_CNPJ,
  ie: '0018000762',
  inscricao_suframa: '123456789',
  inscricao_municipal: 'IM-1234567',
  email: 'compras@cliente.com.br',
  address_street: 'Av. Teste',
  address_number: '2040',
  address_district: 'Centro',
  address_city: 'SAO PAULO',
  address_city_ibge_code: '3550308',
  address_state: 'SP',
  address_zip: '04207040',
  address_country_code: '1058',
  address_country: 'Brasil',
};

export const FOREIGN: NfeDestinatario = {
  nome: 'ACME IMPORTS INC',
  indicador_ie: '9',
  id_estrangeiro: 'US-EIN-12-3456789',
  address_street: '5th Avenue',
  address_number: '350',
  address_district: 'Midtown',
  address_city: 'NEW YORK',
  address_state: 'EX',
  address_country_code: '2496',
  address_country: 'ESTADOS UNIDOS',
};

const exportItem = (): NfeItem =>
  item({
    cfop: '7102',
    fiscal_result: {
      cfop: '7102',
      consumidor_final: false,
      indicador_ie: '9',
      csosn: '300',
      tributos: [],
    },
  });

/** Every group of this slice, each at its largest (lists at their maximum where sensible). */
export function fullRequest(overrides: Partial<NfeRequest> = {}): NfeRequest {
  const base = request();
  return {
    ...base,
    emitente: {
      ...base.emitente,
      ie_st: '123456789012',
      inscricao_municipal: '123456789012345',
      cnae: '4781400',
    },
    destinatario: COMPANY,
    ind_final: '0',
    ind_pres: '2',
    ind_intermed: '1',
    tp_nf: '1',
    data_saida_entrada: '2026-11-21T20:00:00-03:00',
    documentos_referenciados: [
      { chave_acesso: nfeChave(5) },
      { chave_acesso: nfeChave(6, '65') },
      { chave_cte: nfeChave(7, '57') },
      {
        nota_modelo_1: {
          uf: 'RJ',
          ano_mes: '2510',
          cnpj: SUPPLIER_CNPJ,
          modelo: '02',
          serie: 0,
          numero: 999_999_999,
        },
      },
      {
        produtor_rural: {
          uf: 'MG',
          ano_mes: '2512',
          cpf: '52998224725',
          ie: 'ISENTO',
          modelo: '01',
          serie: 999,
          numero: 1,
        },
      },
      {
        produtor_rural: {
          uf: 'PR',
          ano_mes: '2601',
          cnpj: SUPPLIER_CNPJ,
          ie: '1234567890',
          serie: 1,
          numero: 77,
        },
      },
      { cupom_fiscal: { modelo: '2D', numero_ecf: '123', coo: '654321' } },
    ],
    retirada: {
      cnpj: SUPPLIER_CNPJ,
      nome: 'DEPOSITO CENTRAL LTDA',
      ie: '123456789012',
      address_street: 'Rua do Deposito',
      address_number: 'S/N',
      address_complement: 'Galpao 3',
      address_district: 'Distrito Industrial',
      address_city: 'GUARULHOS',
      address_city_ibge_code: '3518800',
      address_state: 'SP',
      address_zip: '07000000',
      address_country_code: '1058',
      address_country: 'BRASIL',
      fone: '1122223333',
      email: 'deposito@example.com',
    },
    entrega: {
      cpf: '11144477735',
      nome: 'RECEBEDOR PESSOA FISICA',
      ie: 'ISENTO',
      address_street: 'Rua da Entrega',
      address_number: '12',
      address_district: 'Jardim',
      address_city: 'CAMPINAS',
      address_city_ibge_code: '3509502',
      address_state: 'SP',
      address_zip: '13000000',
      fone: '19999998888',
      email: 'recebedor@example.com',
    },
    autorizados_xml: [
      ...Array.from({ length: 8 }, (_, i) => ({
        cnpj: cnpj(`1000000000${String(i).padStart(2, '0')}`),
      })),
      { cpf: '52998224725' },
      { cpf: '11144477735' },
    ],
    intermediador: { cnpj: MARKETPLACE_CNPJ, identificador: 'LOJA-DO-VENDEDOR-42 & "cia" <x>' },
    informacoes_adicionais: {
      fisco: 'F'.repeat(2000),
      contribuinte: 'Pedido 123 & entrega <agendada>'.padEnd(5000, '.'),
      observacoes_contribuinte: Array.from({ length: 10 }, (_, i) => ({
        campo: `Campo "${i}" & <x`.slice(0, 20),
        texto: `Texto ${i} & <y>`,
      })),
      observacoes_fisco: Array.from({ length: 10 }, (_, i) => ({
        campo: `Fisco${i}`,
        texto: `Valor ${i}`,
      })),
      processos: [
        { numero: 'PROC-2026-0001', origem: '0', tipo_ato: '08' },
        ...Array.from({ length: 99 }, (_, i) => ({ numero: `P${i}`, origem: '9' })),
      ],
    },
    compra: { nota_empenho: '2026NE000123456789012', pedido: 'PED-998877', contrato: 'CT 15/2026' },
    ...overrides,
  };
}

/** An export: the recipient abroad, CFOP 7102, exporta, delivery abroad. */
export function exportRequest(overrides: Partial<NfeRequest> = {}): NfeRequest {
  return {
    ...request(),
    uf_destino_tipo: 'exterior',
    ind_final: '0',
    destinatario: FOREIGN,
    itens: [exportItem()],
    exportacao: {
      uf_embarque: 'SP',
      local_embarque: 'Porto de Santos',
      local_despacho: 'Recinto Alfandegado X',
    },
    retirada: {
      cpf: '52998224725',
      address_street: 'Estrada do Porto',
      address_number: 'KM 3',
      address_district: 'Zona Portuaria',
      address_city: 'SANTOS',
      address_city_ibge_code: '3548500',
      address_state: 'SP',
      address_zip: '11010000',
    },
    entrega: {
      cnpj: BUYER_CNPJ,
      address_street: 'Harbor Road',
      address_number: '1',
      address_complement: 'Pier 4',
      address_district: 'Port Area',
      address_state: 'EX',
      address_country_code: '2496',
    },
    ...overrides,
  };
}
