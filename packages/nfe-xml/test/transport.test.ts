import { describe, expect, it } from 'vitest';

import type { NfeTransporte, NfeVolume } from '../src/index.js';
import { item } from './fixtures.js';
import { expectValidCanonical, HAVE_SHARED } from './helpers.js';
import {
  build,
  CARRIER_CNPJ,
  COMPANY,
  issueAt,
  issues,
  section,
} from './transport-billing-fixtures.js';

const CARRIER = {
  cnpj: CARRIER_CNPJ,
  nome: 'TRANSPORTES & CIA <LTDA>',
  ie: '112006603110',
  endereco: 'Rodovia Anhanguera, km 20',
  municipio: 'SAO PAULO',
  uf: 'SP',
};

const FULL_VOLUME: NfeVolume = {
  quantidade: '12',
  especie: 'CAIXA',
  marca: 'ACME',
  numeracao: '1-12',
  peso_liquido_kg: '100.5',
  peso_bruto_kg: '110.125',
  lacres: ['L-001', 'L-002'],
};

/** Every field of transp: carrier, ICMS withheld on the freight, vehicle, 5 trailers, 2 volumes. */
const FULL: NfeTransporte = {
  modalidade_frete: '0',
  transportadora: CARRIER,
  retencao_icms: {
    valor_servico: '150',
    base_calc: '150',
    aliquota: '12',
    valor: '18',
    cfop: '5352',
    municipio_ibge_code: '3550308',
  },
  veiculo: { placa: 'ABC1D23', uf: 'SP', rntc: '12345678' },
  reboques: ['BCD2345', 'CDE3F45', 'DEF4567', 'EFG5H67', 'FGH6789'].map((placa) => ({
    placa,
    uf: 'PR',
    rntc: 'RNTC-1',
  })),
  volumes: [FULL_VOLUME, { quantidade: '1', especie: 'PALETE', peso_bruto_kg: '0' }],
};

describe.skipIf(!HAVE_SHARED)('transporte → transp, valid under PL_009 and PL_010b', () => {
  it('absent: modFrete 9 alone, as before', () => {
    const xml = build({});
    expect(xml).toContain('<transp><modFrete>9</modFrete></transp><pag>');
    expectValidCanonical(xml);
  });

  it('every group filled, in the layout order, text escaped, weights with 3 places', () => {
    const xml = build({ transporte: FULL });
    expectValidCanonical(xml);
    expect(section(xml, 'transp')).toBe(
      '<transp><modFrete>0</modFrete>' +
        `<transporta><CNPJ>${CARRIER_CNPJ}</CNPJ><xNome>TRANSPORTES &amp; CIA &lt;LTDA&gt;</xNome><IE>112006603110</IE>` +
        '<xEnder>Rodovia Anhanguera, km 20</xEnder><xMun>SAO PAULO</xMun><UF>SP</UF></transporta>' +
        '<retTransp><vServ>150.00</vServ><vBCRet>150.00</vBCRet><pICMSRet>12.00</pICMSRet><vICMSRet>18.00</vICMSRet><CFOP>5352</CFOP><cMunFG>3550308</cMunFG></retTransp>' +
        '<veicTransp><placa>ABC1D23</placa><UF>SP</UF><RNTC>12345678</RNTC></veicTransp>' +
        '<reboque><placa>BCD2345</placa><UF>PR</UF><RNTC>RNTC-1</RNTC></reboque>' +
        '<reboque><placa>CDE3F45</placa><UF>PR</UF><RNTC>RNTC-1</RNTC></reboque>' +
        '<reboque><placa>DEF4567</placa><UF>PR</UF><RNTC>RNTC-1</RNTC></reboque>' +
        '<reboque><placa>EFG5H67</placa><UF>PR</UF><RNTC>RNTC-1</RNTC></reboque>' +
        '<reboque><placa>FGH6789</placa><UF>PR</UF><RNTC>RNTC-1</RNTC></reboque>' +
        '<vol><qVol>12</qVol><esp>CAIXA</esp><marca>ACME</marca><nVol>1-12</nVol><pesoL>100.500</pesoL><pesoB>110.125</pesoB>' +
        '<lacres><nLacre>L-001</nLacre></lacres><lacres><nLacre>L-002</nLacre></lacres></vol>' +
        '<vol><qVol>1</qVol><esp>PALETE</esp><pesoB>0.000</pesoB></vol></transp>',
    );
    // transp sits between total and pag.
    expect(xml.indexOf('</total><transp>')).toBeGreaterThan(0);
    expect(xml.indexOf('</transp><pag>')).toBeGreaterThan(0);
  });

  it('minimal: only the freight mode', () => {
    const xml = build({ transporte: { modalidade_frete: '1' } });
    expectValidCanonical(xml);
    expect(section(xml, 'transp')).toBe('<transp><modFrete>1</modFrete></transp>');
  });

  it('a carrier who is a person (CPF), a wagon, a barge, a foreign carrier', () => {
    for (const transporte of [
      {
        modalidade_frete: '2',
        transportadora: { cpf: '12345678909', nome: 'JOSE', uf: 'EX' },
      },
      { modalidade_frete: '2', vagao: 'VAGAO-77' },
      { modalidade_frete: '2', balsa: 'BALSA 3' },
    ] satisfies NfeTransporte[]) {
      expectValidCanonical(build({ transporte }));
    }
    expect(
      build({ transporte: { modalidade_frete: '2', transportadora: { cpf: '12345678909' } } }),
    ).toContain('<transporta><CPF>12345678909</CPF></transporta>');
  });

  it('5000 volumes (the most the layout allows), each with a seal', () => {
    const volumes = Array.from({ length: 5000 }, (_, i) => ({
      quantidade: '1',
      lacres: [`S${i}`],
    }));
    const xml = build({ transporte: { modalidade_frete: '0', volumes } });
    expectValidCanonical(xml);
    expect(xml.split('<vol>')).toHaveLength(5001);
  });

  it('own transport: modFrete 3 with the emitter (another branch) as carrier, 4 with the recipient', () => {
    expectValidCanonical(
      build({
        transporte: { modalidade_frete: '3', transportadora: { cnpj: '58716523000208' } },
      }),
    );
    expectValidCanonical(
      build({
        destinatario: COMPANY,
        transporte: {
          modalidade_frete: '4',
          transportadora: { cnpj: COMPANY.cnpj, nome: 'CLIENTE LTDA' },
          veiculo: { placa: 'XYZ9876' },
        },
      }),
    );
  });
});

describe('transporte: the rules SEFAZ checks, before a number is taken', () => {
  const carrier = (extra: object = {}) => ({ cnpj: CARRIER_CNPJ, nome: 'TRANSP', ...extra });

  it('845: no carrier with modFrete 9', () => {
    const found = issues({ transporte: { modalidade_frete: '9', transportadora: carrier() } });
    expect(issueAt(found, ['transporte', 'transportadora'], 'nfe_rule', '845').message).toMatch(
      /modalidade_frete 9/,
    );
  });

  it('845 is about the carrier only: volumes with modFrete 9 are fine', () => {
    expect(() =>
      build({ transporte: { modalidade_frete: '9', volumes: [{ quantidade: '2' }] } }),
    ).not.toThrow();
  });

  it("847: modFrete 0 or 4 with the emitter's CNPJ root as carrier; 1 and 2 may have it", () => {
    for (const modalidade_frete of ['0', '4']) {
      issueAt(
        issues({
          transporte: { modalidade_frete, transportadora: carrier({ cnpj: '58716523000208' }) },
        }),
        ['transporte', 'transportadora', 'cnpj'],
        'nfe_rule',
        '847',
      );
    }
    for (const modalidade_frete of ['1', '2'])
      expect(() =>
        build({
          transporte: { modalidade_frete, transportadora: carrier({ cnpj: '58716523000208' }) },
        }),
      ).not.toThrow();
  });

  it('846: modFrete 3 with a carrier that is not the sender', () => {
    issueAt(
      issues({ transporte: { modalidade_frete: '3', transportadora: carrier() } }),
      ['transporte', 'transportadora', 'cnpj'],
      'nfe_rule',
      '846',
    );
  });

  it('848: modFrete 4 with a carrier that is not the recipient; with 1 it may be (849 not in force)', () => {
    issueAt(
      issues({
        destinatario: COMPANY,
        transporte: { modalidade_frete: '4', transportadora: carrier() },
      }),
      ['transporte', 'transportadora', 'cnpj'],
      'nfe_rule',
      '848',
    );
    expect(() =>
      build({
        destinatario: COMPANY,
        transporte: { modalidade_frete: '1', transportadora: carrier({ cnpj: '06929383000244' }) },
      }),
    ).not.toThrow();
  });

  it('goods coming in (tp_nf 0): the recipient sends them (846), the emitter receives them (848)', () => {
    const incoming = (modalidade_frete: string, cnpj: string) => ({
      tp_nf: '0',
      destinatario: COMPANY,
      itens: [item({ cfop: '1102', fiscal_result: { ...item().fiscal_result, cfop: '1102' } })],
      transporte: { modalidade_frete, transportadora: carrier({ cnpj }) },
    });
    issueAt(
      issues(incoming('3', '58716523000208')),
      ['transporte', 'transportadora', 'cnpj'],
      'nfe_rule',
      '846',
    );
    expect(() => build(incoming('3', '06929383000244'))).not.toThrow();
    issueAt(
      issues(incoming('4', '06929383000244')),
      ['transporte', 'transportadora', 'cnpj'],
      'nfe_rule',
      '848',
    );
    expect(() => build(incoming('4', '58716523000208'))).not.toThrow();
  });

  it('868: no vehicle or trailer in an interstate operation', () => {
    const found = issues({
      uf_destino_tipo: 'interestadual',
      destinatario: { ...COMPANY, ...INTERSTATE_ADDRESS },
      transporte: {
        modalidade_frete: '0',
        veiculo: { placa: 'ABC1234' },
        reboques: [{ placa: 'ABC1235' }],
      },
    });
    issueAt(found, ['transporte', 'veiculo'], 'nfe_rule', '868');
    issueAt(found, ['transporte', 'reboques'], 'nfe_rule', '868');
  });

  it('868 leaves an interstate operation with carrier and volumes alone', () => {
    expect(() =>
      build({
        uf_destino_tipo: 'interestadual',
        destinatario: { ...COMPANY, ...INTERSTATE_ADDRESS },
        transporte: { modalidade_frete: '0', transportadora: carrier(), volumes: [FULL_VOLUME] },
      }),
    ).not.toThrow();
  });

  it('carrier CNPJ / CPF with wrong check digits (542 / 543)', () => {
    issueAt(
      issues({
        transporte: { modalidade_frete: '0', transportadora: carrier({ cnpj: '33333333000192' }) },
      }),
      ['transporte', 'transportadora', 'cnpj'],
      'nfe_rule',
      '542',
    );
    issueAt(
      issues({ transporte: { modalidade_frete: '0', transportadora: { cpf: '12345678900' } } }),
      ['transporte', 'transportadora', 'cpf'],
      'nfe_rule',
      '543',
    );
  });

  it("559: a carrier's IE needs its UF", () => {
    issueAt(
      issues({
        transporte: { modalidade_frete: '0', transportadora: carrier({ ie: '112006603110' }) },
      }),
      ['transporte', 'transportadora', 'uf'],
      'nfe_rule',
      'SEFAZ rejection 559 (UF do Transportador não informada)',
    );
  });
});

const INTERSTATE_ADDRESS = {
  address_street: 'Rua das Flores',
  address_number: '10',
  address_district: 'Centro',
  address_city: 'CURITIBA',
  address_city_ibge_code: '4106902',
  address_state: 'PR',
  address_zip: '80010000',
};

describe('transporte: each kind of bad input names its field', () => {
  const cases: [string, object, (string | number)[], string][] = [
    ['unknown freight mode', { modalidade_frete: '5' }, ['modalidade_frete'], 'literal_error'],
    ['missing freight mode', {}, ['modalidade_frete'], 'missing'],
    [
      'cnpj and cpf',
      { modalidade_frete: '0', transportadora: { cnpj: CARRIER_CNPJ, cpf: '12345678909' } },
      ['transportadora', 'cpf'],
      'cnpj_and_cpf',
    ],
    [
      'CNPJ of 13 digits',
      { modalidade_frete: '0', transportadora: { cnpj: '3333333300019' } },
      ['transportadora', 'cnpj'],
      'string_pattern_mismatch',
    ],
    [
      'name of 61 characters',
      { modalidade_frete: '0', transportadora: { nome: 'N'.repeat(61) } },
      ['transportadora', 'nome'],
      'string_too_long',
    ],
    [
      'IE with letters',
      { modalidade_frete: '0', transportadora: { ie: '11.200', uf: 'SP' } },
      ['transportadora', 'ie'],
      'string_pattern_mismatch',
    ],
    [
      'UF that is not a state',
      { modalidade_frete: '0', transportadora: { uf: 'XX' } },
      ['transportadora', 'uf'],
      'unknown_uf',
    ],
    [
      'address with a trailing space',
      { modalidade_frete: '0', transportadora: { endereco: 'Rua A ' } },
      ['transportadora', 'endereco'],
      'string_pattern_mismatch',
    ],
    [
      'plate with a dash',
      { modalidade_frete: '0', veiculo: { placa: 'ABC-1234' } },
      ['veiculo', 'placa'],
      'string_pattern_mismatch',
    ],
    [
      'plate in lower case',
      { modalidade_frete: '0', reboques: [{ placa: 'abc1234' }] },
      ['reboques', 0, 'placa'],
      'string_pattern_mismatch',
    ],
    [
      'RNTC of 21 characters',
      { modalidade_frete: '0', veiculo: { placa: 'ABC1234', rntc: '1'.repeat(21) } },
      ['veiculo', 'rntc'],
      'string_too_long',
    ],
    [
      'six trailers',
      { modalidade_frete: '0', reboques: Array.from({ length: 6 }, () => ({ placa: 'ABC1234' })) },
      ['reboques'],
      'too_long',
    ],
    [
      'a vehicle and a wagon',
      { modalidade_frete: '0', veiculo: { placa: 'ABC1234' }, vagao: 'V1' },
      ['vagao'],
      'transport_choice',
    ],
    [
      'fractional volume count',
      { modalidade_frete: '0', volumes: [{ quantidade: '1.5' }] },
      ['volumes', 0, 'quantidade'],
      'string_pattern_mismatch',
    ],
    [
      'weight with 4 places',
      { modalidade_frete: '0', volumes: [{ peso_bruto_kg: '1.0001' }] },
      ['volumes', 0, 'peso_bruto_kg'],
      'decimal_max_places',
    ],
    [
      'negative weight',
      { modalidade_frete: '0', volumes: [{ peso_liquido_kg: '-1' }] },
      ['volumes', 0, 'peso_liquido_kg'],
      'greater_than_equal',
    ],
    ['empty volume', { modalidade_frete: '0', volumes: [{}] }, ['volumes', 0], 'missing'],
    [
      'empty seal',
      { modalidade_frete: '0', volumes: [{ lacres: [''] }] },
      ['volumes', 0, 'lacres', 0],
      'string_too_short',
    ],
    [
      '5001 volumes',
      { modalidade_frete: '0', volumes: Array.from({ length: 5001 }, () => ({ quantidade: '1' })) },
      ['volumes'],
      'too_long',
    ],
    [
      'withheld ICMS with a bad CFOP and city',
      {
        modalidade_frete: '0',
        retencao_icms: {
          valor_servico: '1',
          base_calc: '1',
          aliquota: '12',
          valor: '0.12',
          cfop: '4352',
          municipio_ibge_code: '355030',
        },
      },
      ['retencao_icms', 'cfop'],
      'string_pattern_mismatch',
    ],
  ];
  for (const [name, transporte, path, type] of cases) {
    it(name, () => {
      issueAt(issues({ transporte: transporte as NfeTransporte }), ['transporte', ...path], type);
    });
  }
});
