import { type NfeRequest } from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { nfeRequest } from './helpers/documents.js';
import { builtNfe, CNPJ, rejectionOf } from './helpers/rule-verdict.js';

// The transp, cobr and payment rules, on documents @emissor/nfe-xml wrote and then edited into
// what the API would have refused.

const CARRIER = '<transporta><CNPJ>33333333000191</CNPJ><xNome>TRANSP</xNome></transporta>';

const built = (overrides: Partial<NfeRequest> = {}): string => builtNfe(overrides).xml;

const verdict = (xml: string): string | undefined => rejectionOf(xml)?.cStat;

const WITH_GROUPS: Partial<NfeRequest> = {
  transporte: {
    modalidade_frete: '0',
    transportadora: { cnpj: '33333333000191', nome: 'TRANSP' },
    veiculo: { placa: 'ABC1D23' },
    volumes: [{ quantidade: '1', peso_bruto_kg: '2' }],
  },
  cobranca: {
    fatura: { numero: '1', valor_original: '510', valor_desconto: '10', valor_liquido: '500' },
    duplicatas: [
      { numero: '001', vencimento: '2026-12-26', valor: '250' },
      { numero: '002', vencimento: '2027-01-26', valor: '250' },
    ],
  },
  pagamento: { tpag: '15', valor: '500', indpag: '1' },
};

describe('transp, cobr and payment rules of the local SEFAZ', () => {
  it('pass a document with every group as @emissor/nfe-xml wrote it', () => {
    expect(verdict(built(WITH_GROUPS))).toBeUndefined();
  });

  it('pass tpag 91 (paid later) leaving part of vNF uncovered', () => {
    const xml = built({
      pagamento: { tpag: '04', valor: '100' },
      outros_pagamentos: [{ tpag: '91', valor: '0' }],
    });
    expect(verdict(xml)).toBeUndefined();
  });

  it.each([
    [
      '845 carrier with modFrete 9',
      (x: string) => x.replace('<transp><modFrete>0</modFrete>', '<transp><modFrete>9</modFrete>'),
      '845',
    ],
    [
      "847 the emitter's root as carrier with modFrete 0",
      (x: string) => x.replace('<CNPJ>33333333000191</CNPJ>', '<CNPJ>58716523000208</CNPJ>'),
      '847',
    ],
    [
      '846 a third party with modFrete 3',
      (x: string) => x.replace('<modFrete>0</modFrete>', '<modFrete>3</modFrete>'),
      '846',
    ],
    [
      '902 vLiq ≠ vOrig − vDesc',
      (x: string) => x.replace('<vDesc>10.00</vDesc><vLiq>', '<vDesc>11.00</vDesc><vLiq>'),
      '902',
    ],
    [
      '852 instalments numbered out of order',
      (x: string) => x.replace('<nDup>002</nDup>', '<nDup>003</nDup>'),
      '852',
    ],
    ['900 due before the issue date', (x: string) => x.replace('2026-12-26', '2026-11-01'), '900'],
    ['850 due dates not ascending', (x: string) => x.replace('2027-01-26', '2026-12-25'), '850'],
    [
      '851 instalments not adding up to vLiq',
      (x: string) =>
        x.replace('<vDup>250.00</vDup></dup></cobr>', '<vDup>249.99</vDup></dup></cobr>'),
      '851',
    ],
  ])('%s', (_name, edit, cStat) => {
    const xml = built(WITH_GROUPS);
    const edited = edit(xml);
    expect(edited).not.toBe(xml);
    expect(verdict(edited)).toBe(cStat);
  });

  it('868 a vehicle in an interstate operation', () => {
    const base = nfeRequest(CNPJ);
    const [item] = base.itens;
    if (!item) throw new Error('item expected');
    const xml = built({
      uf_destino_tipo: 'interestadual',
      destinatario: {
        nome: 'CLIENTE',
        indicador_ie: '9',
        cpf: '12345678909',
        address_street: 'Rua das Flores',
        address_number: '10',
        address_district: 'Centro',
        address_city: 'CURITIBA',
        address_city_ibge_code: '4106902',
        address_state: 'PR',
        address_zip: '80010000',
      },
      itens: [{ ...item, cfop: '6102', fiscal_result: { ...item.fiscal_result, cfop: '6102' } }],
      transporte: { modalidade_frete: '0', volumes: [{ quantidade: '1' }] },
    });
    expect(verdict(xml)).toBeUndefined();
    const withVehicle = xml.replace(
      '<vol>',
      '<veicTransp><placa>ABC1234</placa></veicTransp><vol>',
    );
    expect(verdict(withVehicle)).toBe('868');
  });

  it('853 a single instalment due on the issue date', () => {
    const xml = built({
      cobranca: {
        fatura: { numero: '1', valor_original: '500', valor_liquido: '500' },
        duplicatas: [{ numero: '001', vencimento: '2026-12-01', valor: '500' }],
      },
    }).replace('2026-12-01', '2026-11-26');
    expect(verdict(xml)).toBe('853');
  });

  it('871 a return paid otherwise than tpag 90, 904 a tpag 90 with a value', () => {
    const xml = built();
    expect(verdict(xml.replace('<finNFe>1</finNFe>', '<finNFe>3</finNFe>'))).toBe('871');
    expect(verdict(xml.replace('<tPag>01</tPag>', '<tPag>90</tPag>'))).toBe('904');
  });

  it('a carrier alone (no CNPJ/CPF) is left to the freight-mode rule only', () => {
    const xml = built().replace(
      '<transp><modFrete>9</modFrete></transp>',
      `<transp><modFrete>1</modFrete>${CARRIER.replace('<CNPJ>33333333000191</CNPJ>', '')}</transp>`,
    );
    expect(verdict(xml)).toBeUndefined();
  });
});
