import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  type NfeDestinatario,
  type NfeItem,
  type NfeRequest,
  type NfeTributoLinha,
} from '../src/index.js';
import { item, line, PARAMS, request } from './fixtures.js';
import { expectValidCanonical, HAVE_SHARED } from './helpers.js';
import { CSOSN_SHAPES, CST_SHAPES, icmsLines } from './tax-cases.js';

const PIS_COFINS: Record<string, (domain: 'pis' | 'cofins') => NfeTributoLinha> = {
  aliq: (d) =>
    line(d, {
      cst: '01',
      base_calc: '500',
      aliquota: d === 'pis' ? '1.65' : '7.6',
      valor: d === 'pis' ? '8.25' : '38',
    }),
  nt: (d) => line(d, { cst: '07' }),
  outr: (d) => line(d, { cst: '49', aliquota: '0' }),
  outr99: (d) => line(d, { cst: '99', base_calc: '500', aliquota: '0.6500', valor: '3.25' }),
};

const IPI: Record<string, NfeTributoLinha> = {
  trib: line('ipi', { cst: '50', base_calc: '500', aliquota: '10', valor: '50' }),
  nt: line('ipi', { cst: '53', codigo_beneficio: '301' }),
};

const COMPANY: NfeDestinatario = {
  nome: 'CLIENTE & FILHOS <LTDA>',
  indicador_ie: '1',
  cnpj: '06929383000163',
  ie: '0018000762',
  email: 'compras@cliente.com.br',
  address_street: 'Av. Teste',
  address_number: '2040',
  address_complement: 'Sala 3',
  address_district: 'Centro',
  address_city: 'SAO PAULO',
  address_city_ibge_code: '3550308',
  address_state: 'SP',
  address_zip: '04207040',
};
const PERSON: NfeDestinatario = { nome: 'JOSÉ DA SILVA', indicador_ie: '9', cpf: '12345678909' };

function withLines(tributos: NfeTributoLinha[], extra: Partial<NfeItem> = {}): NfeItem {
  return item({
    fiscal_result: { cfop: '5102', consumidor_final: true, indicador_ie: '9', tributos },
    ...extra,
  });
}

function build(overrides: Partial<NfeRequest>): string {
  return buildNfe({
    ...request({ pagamento: { tpag: '01', valor: '100000' }, ...overrides }),
    ...PARAMS,
  }).xml;
}

describe.skipIf(!HAVE_SHARED)(
  'every output validates under PL_009 and PL_010b and is canonical',
  () => {
    for (const [code] of Object.entries(CST_SHAPES)) {
      for (const full of [false, true]) {
        it(`CST ${code} (${full ? 'every optional block' : 'minimal'})`, () => {
          const xml = build({
            emitente: { ...request().emitente, crt: '3' },
            itens: [
              withLines(icmsLines(code, false, full), {
                fiscal_result: {
                  cfop: '5102',
                  consumidor_final: true,
                  indicador_ie: '9',
                  cst: code,
                  tributos: icmsLines(code, false, full),
                },
              }),
            ],
          });
          expect(xml).toContain(`<CST>${code}</CST>`);
          expectValidCanonical(xml);
        });
      }
    }

    for (const crt of ['1', '2', '4']) {
      for (const [code] of Object.entries(CSOSN_SHAPES)) {
        for (const full of [false, true]) {
          it(`CRT ${crt} CSOSN ${code} (${full ? 'every optional block' : 'minimal'})`, () => {
            const tributos = icmsLines(code, true, full);
            const xml = build({
              emitente: { ...request().emitente, crt },
              itens: [
                item({
                  fiscal_result: {
                    cfop: '5102',
                    consumidor_final: true,
                    indicador_ie: '9',
                    csosn: code,
                    tributos,
                  },
                }),
              ],
            });
            expect(xml).toContain(`<CSOSN>${code}</CSOSN>`);
            expectValidCanonical(xml);
          });
        }
      }
    }

    for (const [name, make] of Object.entries(PIS_COFINS)) {
      it(`PIS/COFINS ${name}`, () => {
        const xml = build({
          itens: [withLines([line('icms', { csosn: '102' }), make('pis'), make('cofins')])],
        });
        expectValidCanonical(xml);
      });
    }

    for (const [name, ipi] of Object.entries(IPI)) {
      it(`IPI ${name}`, () => {
        const xml = build({
          emitente: { ...request().emitente, crt: '3' },
          itens: [
            withLines([
              line('icms', { cst: '00', base_calc: '500', aliquota: '18', valor: '90' }),
              ipi,
            ]),
          ],
        });
        expect(xml).toContain(name === 'trib' ? '<IPITrib>' : '<IPINT>');
        expectValidCanonical(xml);
      });
    }

    it('DIFAL (ICMSUFDest) on an interstate sale to a non-contributor', () => {
      const xml = build({
        emitente: { ...request().emitente, crt: '3' },
        uf_destino_tipo: 'interestadual',
        destinatario: {
          ...PERSON,
          address_street: 'Rua A',
          address_number: '1',
          address_district: 'Centro',
          address_city: 'RIO DE JANEIRO',
          address_city_ibge_code: '3304557',
          address_state: 'RJ',
          address_zip: '20000000',
        },
        itens: [
          withLines(
            [
              line('icms', { cst: '00', base_calc: '500', aliquota: '12', valor: '60' }),
              line('icms_uf_dest', {
                base_calc: '500',
                aliquota: '20',
                fcp_percent: '2',
                valor: '40',
              }),
            ],
            {
              cfop: '6108',
              fiscal_result: {
                cfop: '6108',
                consumidor_final: true,
                indicador_ie: '9',
                tributos: [
                  line('icms', { cst: '00', base_calc: '500', aliquota: '12', valor: '60' }),
                  line('icms_uf_dest', {
                    base_calc: '500',
                    aliquota: '20',
                    fcp_percent: '2',
                    valor: '40',
                  }),
                ],
              },
            },
          ),
        ],
      });
      expect(xml).toContain('<pICMSInter>12.00</pICMSInter>');
      expect(xml).toContain('<vFCPUFDest>10.00</vFCPUFDest>');
      expectValidCanonical(xml);
    });

    for (const [name, destinatario] of [
      ['company', COMPANY],
      ['person', PERSON],
      ['none', null],
    ] as const) {
      for (const ambiente of ['homologacao', 'producao'] as const) {
        it(`recipient ${name}, ${ambiente}`, () => {
          const xml = build({ destinatario, ambiente });
          expect(xml).toContain(`<tpAmb>${ambiente === 'producao' ? 1 : 2}</tpAmb>`);
          if (destinatario && ambiente === 'homologacao')
            expect(xml).toContain(
              '<xNome>NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome>',
            );
          if (destinatario && ambiente === 'producao')
            expect(xml).toContain(
              destinatario === COMPANY
                ? '<xNome>CLIENTE &amp; FILHOS &lt;LTDA&gt;</xNome>'
                : '<xNome>JOSÉ DA SILVA</xNome>',
            );
          if (!destinatario) expect(xml).not.toContain('<dest>');
          expectValidCanonical(xml);
        });
      }
    }

    for (const count of [1, 990]) {
      it(`${count} item(s)`, () => {
        const itens = Array.from({ length: count }, (_, i) =>
          item({ codigo: `P${i}`, quantidade: '1.5', valor_unitario: '0.3333333333' }),
        );
        const xml = build({ itens, pagamento: { tpag: '17', valor: String(count) } });
        expect(xml.match(/<det nItem=/g)).toHaveLength(count);
        expect(xml).toContain(`<det nItem="${count}">`);
        expectValidCanonical(xml);
      });
    }

    it('text that needs escaping, in every free-text field', () => {
      const tricky = 'A&B <C> "D" \'E\' çãõ ÿ';
      const xml = build({
        ambiente: 'producao',
        nat_op: `Venda ${tricky}`,
        ver_proc: 'v1 <&>',
        emitente: {
          ...request().emitente,
          razao_social: tricky,
          nome_fantasia: tricky,
          address_street: tricky,
          address_complement: tricky,
        },
        destinatario: { ...COMPANY, nome: tricky, email: 'a&b@x.com' },
        itens: [
          item({
            descricao: tricky,
            codigo: '<&>',
            unidade_comercial: 'C&X',
            unidade_tributavel: '<UN>',
          }),
        ],
      });
      expect(xml).toContain('<xProd>A&amp;B &lt;C&gt; "D" \'E\' çãõ ÿ</xProd>');
      expectValidCanonical(xml);
    });

    it('a mixed document: several groups, PIS/COFINS/IPI and change (vTroco)', () => {
      const itens = Object.keys(CST_SHAPES).map((code) =>
        item({
          fiscal_result: {
            cfop: '5102',
            consumidor_final: true,
            indicador_ie: '9',
            cst: code,
            tributos: [
              ...icmsLines(code, false, true),
              PIS_COFINS.aliq?.('pis') as NfeTributoLinha,
              PIS_COFINS.aliq?.('cofins') as NfeTributoLinha,
              IPI.trib as NfeTributoLinha,
            ],
          },
        }),
      );
      const xml = build({ emitente: { ...request().emitente, crt: '3' }, itens });
      expect(xml).toMatch(/<vTroco>\d+\.\d{2}<\/vTroco>/);
      expectValidCanonical(xml);
    });
  },
);
