import {
  NFE_SCHEMA_PACKS,
  sharedDir,
  validateNfeXml,
  withPlaceholderSignature,
} from '@emissor/test-support';
import { beforeAll, describe, expect, it } from 'vitest';

import { groupKey, renderDanfe } from '../src/index.js';
import { EVERY_GROUP_KEY, EVERY_GROUP_NFE, REFERENCED_KEY } from './every-group-nfe.js';
import { nfeProc } from './fixtures.js';
import { HAVE_TOOLS, pageCount, pagesText, rawText } from './pdf-tools.js';
import { fieldValue, pageWords, sameColumn, type Word } from './pdf-words.js';

const HAVE_SHARED = sharedDir() !== undefined;
const SIGNED = withPlaceholderSignature(EVERY_GROUP_NFE);

describe.skipIf(!HAVE_SHARED)('the every-group NF-e fixture', () => {
  it.each(NFE_SCHEMA_PACKS)('is valid under %s', (pack) => {
    expect(validateNfeXml(SIGNED, pack)).toEqual([]);
  });
});

describe.skipIf(!HAVE_TOOLS)('DANFE of an NF-e with every group filled', () => {
  let pdf: Uint8Array;
  let words: Word[];
  let text: string;
  let flow: string;
  /** The value printed in the field titled `label` (its `nth` occurrence on the sheet). */
  const field = (label: string, nth = 0) => fieldValue(words, label, nth);

  beforeAll(async () => {
    pdf = await renderDanfe(nfeProc(SIGNED, EVERY_GROUP_KEY));
    words = pageWords(pdf, 1);
    text = pagesText(pdf).join('\n');
    flow = rawText(pdf).replace(/\s+/g, ' ');
  });

  it('fits on one sheet', () => {
    expect(pageCount(pdf)).toBe(1);
    expect(text).toContain('FOLHA 1/1');
  });

  it('prints the recipient, and the exit date and hour from dhSaiEnt', () => {
    expect(field('NOME / RAZÃO SOCIAL')).toBe('LOJAS PAULISTA COMÉRCIO DE ROUPAS LTDA');
    expect(field('CNPJ / CPF')).toBe('33.000.167/0001-01');
    expect(field('DATA DA SAÍDA/ENTRADA')).toBe('22/11/2026');
    expect(field('HORA DA SAÍDA/ENTRADA')).toBe('08:15:00');
  });

  it('prints the local de retirada and the local de entrega in their own blocks (NT 2018.005)', () => {
    const pickup = text.indexOf('INFORMAÇÕES DO LOCAL DE RETIRADA');
    const delivery = text.indexOf('INFORMAÇÕES DO LOCAL DE ENTREGA');
    expect(pickup).toBeGreaterThan(text.indexOf('DESTINATÁRIO / REMETENTE'));
    expect(delivery).toBeGreaterThan(pickup);
    expect(text.indexOf('FATURA / DUPLICATAS')).toBeGreaterThan(delivery);
    // Occurrence 0 of these titles is the recipient's; 1 the retirada's; 2 the entrega's.
    expect(field('NOME / RAZÃO SOCIAL', 1)).toBe('DEPÓSITO CENTRAL ARAÚJO LTDA');
    expect(field('CNPJ / CPF', 1)).toBe('11.222.333/0001-81');
    expect(field('INSCRIÇÃO ESTADUAL', 2)).toBe('111222333444');
    expect(field('FONE / FAX', 1)).toBe('(11) 2222-3333');
    expect(field('ENDEREÇO', 1)).toBe('Rua do Armazém, 500 - Galpão 3');
    expect(field('BAIRRO / DISTRITO', 1)).toBe('Brás');
    expect(field('CEP', 1)).toBe('03012-000');
    expect(field('MUNICÍPIO', 1)).toBe('São Paulo');
    expect(field('UF', 1)).toBe('SP');
    expect(field('NOME / RAZÃO SOCIAL', 2)).toBe('Joana Batista dos Santos');
    expect(field('CNPJ / CPF', 2)).toBe('529.982.247-25');
    expect(field('INSCRIÇÃO ESTADUAL', 3)).toBe('');
    expect(field('FONE / FAX', 2)).toBe('(19) 98888-7777');
    expect(field('ENDEREÇO', 2)).toBe('Rua das Flores, 45');
    expect(field('BAIRRO / DISTRITO', 2)).toBe('Jardim América');
    expect(field('CEP', 2)).toBe('13010-000');
    expect(field('MUNICÍPIO', 2)).toBe('Campinas');
    expect(field('UF', 2)).toBe('SP');
  });

  it('prints the fatura and each duplicata (número, vencimento, valor) in Fatura/Duplicatas', () => {
    expect(field('NÚMERO DA FATURA')).toBe('FAT-0026');
    expect(field('VALOR ORIGINAL')).toBe('743,08');
    expect(field('VALOR DO DESCONTO')).toBe('3,08');
    expect(field('VALOR LÍQUIDO')).toBe('740,00');
    const dups = [
      ['001', '21/12/2026', '250,00'],
      ['002', '20/01/2027', '245,00'],
      ['003', '19/02/2027', '245,00'],
    ];
    dups.forEach(([number, due, value], i) => {
      expect(field('NÚMERO', i), `dup ${i + 1}`).toBe(number);
      expect(field('VENCIMENTO', i), `dup ${i + 1}`).toBe(due);
      expect(field('VALOR', i), `dup ${i + 1}`).toBe(value);
    });
    // The fourth column of the grid is empty: no caption over nothing.
    expect(() => field('NÚMERO', 3)).toThrow();
  });

  it('prints every total of Cálculo do Imposto under its title', () => {
    const totals: [string, string][] = [
      ['BASE CÁLC. DO ICMS', '725,10'],
      ['VALOR DO ICMS', '130,52'],
      ['BASE CÁLC. ICMS ST', '0,00'],
      ['VALOR DO ICMS ST', '0,00'],
      ['VALOR DO FCP', '5,05'],
      ['V. IMP. IMPORTAÇÃO', '0,00'],
      ['V. ICMS UF REMET.', '0,00'],
      ['V. FCP UF DEST.', '0,00'],
      ['VALOR DO PIS', '11,97'],
      ['V. TOTAL PRODUTOS', '699,60'],
      ['VALOR DO FRETE', '35,00'],
      ['VALOR DO SEGURO', '7,00'],
      ['DESCONTO', '21,50'],
      ['OUTRAS DESPESAS', '5,00'],
      ['VALOR TOTAL IPI', '17,98'],
      ['VALOR DO FCP ST', '0,00'],
      ['V. ICMS UF DEST.', '0,00'],
      ['V. TOT. TRIB.', '215,60'],
      ['VALOR DA COFINS', '55,11'],
      ['V. TOTAL DA NOTA', '743,08'],
    ];
    for (const [label, value] of totals) expect(field(label), label).toBe(value);
  });

  it('prints the carrier, its vehicle and the volumes summed over the three vol groups', () => {
    expect(field('NOME / RAZÃO SOCIAL', 3)).toBe('TRANSPORTES JOÃO & CIA LTDA');
    expect(field('FRETE POR CONTA DE')).toBe('0-Remetente (CIF)');
    expect(field('CÓDIGO ANTT')).toBe('12345678');
    expect(field('PLACA DO VEÍCULO')).toBe('ABC1D23');
    expect(field('UF', 3)).toBe('SP');
    expect(field('CNPJ / CPF', 3)).toBe('06.157.250/0001-16');
    expect(field('ENDEREÇO', 3)).toBe('Rodovia dos Bandeirantes, km 23');
    expect(field('MUNICÍPIO', 3)).toBe('Jundiaí');
    expect(field('UF', 4)).toBe('SP');
    expect(field('INSCRIÇÃO ESTADUAL', 4)).toBe('114814878119');
    expect(field('QUANTIDADE DE VOLUMES')).toBe('4');
    expect(field('ESPÉCIE')).toBe('CAIXA, FARDO');
    expect(field('MARCA')).toBe('ARAÚJO');
    expect(field('NUMERAÇÃO')).toBe('1-2, 3, 4');
    expect(field('PESO BRUTO')).toBe('26,000');
    expect(field('PESO LÍQUIDO')).toBe('24,750');
  });

  it("prints each item's discount in the VALOR DESC. column, and its other charges below it", () => {
    const title = words.find((w) => w.text === 'DESC.');
    expect(title).toBeDefined();
    const discountOf = (code: string): string => {
      const anchor = words.find((w) => w.text === code);
      if (!anchor || !title) throw new Error(code);
      const cells = words.filter((w) => Math.abs(w.yMin - anchor.yMin) < 1 && sameColumn(w, title));
      return cells.map((w) => w.text).join(' ');
    };
    expect(discountOf('P001')).toBe('12,50');
    expect(discountOf('P002')).toBe('');
    expect(discountOf('P003')).toBe('9,00');
    // Each row's values in the order of the columns (commercial values, then ICMS and IPI).
    expect(text).toMatch(
      /P001\s+CAMISETA ALGODÃO Nº 1 REF-P001\s+61091000\s+000\s+5102\s+UN\s+10,0000\s+25,0000\s+12,50\s+250,00\s+252,50\s+45,45\s+18,00\n\s+VALOR FRETE: 15,00\n/,
    );
    expect(text).toMatch(
      /P002\s+CALÇA JEANS MASCULINA REF-P002\s+62034200\s+000\s+5102\s+UN\s+4,0000\s+89,9000\s+359,60\s+388,00\s+69,84\s+17,98\s+18,00\s+5,00\n\s+VALOR FRETE: 20,00 \| VALOR SEGURO: 5,40 \| OUTRAS DESPESAS: 3,00\n/,
    );
    expect(text).toMatch(
      /P003\s+BONÉ DE BRIM REF-P003\s+65050022\s+000\s+5102\s+UN\s+3,0000\s+30,0000\s+9,00\s+90,00\s+84,60\s+15,23\s+18,00\n\s+Lote L-2026-11, validade indeterminada\.\n\s+VALOR SEGURO: 1,60 \| OUTRAS DESPESAS: 2,00\n/,
    );
  });

  it('prints infAdFisco, infCpl, obsCont, obsFisco, procRef, NFref, the intermediary and the trailer in Informações Complementares', () => {
    const info = flow.slice(flow.indexOf('INFORMAÇÕES COMPLEMENTARES'));
    const expected = [
      'INF. FISCO: Valor do FCP: R$ 5,05 (2% sobre a BC do item 1).',
      'INF. CONTRIBUINTE: Pedido de compra nº 4521. Entregar no 2º andar, doca 3. Valor aproximado dos tributos: R$ 215,60. Fonte: IBPT.',
      'OBS. CONTRIBUINTE: Pedido: PED-4521; Vendedor: Ana Souza',
      'OBS. FISCO: Regime: TARE 123/2026',
      'PROCESSO REFERENCIADO: nº 1234567-89.2026 (SEFAZ, Termo de Acordo)',
      `DOCUMENTOS REFERENCIADOS: NF-e ${groupKey(REFERENCED_KEY)}; NF mod. 01 série 1 nº 1234 emitente 58.716.523/0001-19 de 10/2026`,
      'INTERMEDIADOR DA TRANSAÇÃO: CNPJ 03.007.331/0001-41, identificador loja-araujo-0042',
      'REBOQUE: placa XYZ9E87 UF PR RNTC 87654321',
    ];
    let from = 0;
    for (const line of expected) {
      const at = info.indexOf(line, from);
      expect(at, line).toBeGreaterThanOrEqual(from);
      from = at + line.length;
    }
    // Reservado ao Fisco stays empty (MOC §3.1.9): nothing is printed to its right.
    const reserved = words.find((w) => w.text === 'RESERVADO');
    expect(reserved).toBeDefined();
    const inside = words.filter(
      (w) => reserved && w.xMin >= reserved.xMin - 2 && w.yMin > reserved.yMax,
    );
    expect(inside).toEqual([]);
  });
});
