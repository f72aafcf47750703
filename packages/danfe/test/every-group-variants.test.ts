import { withPlaceholderSignature } from '@emissor/test-support';
import { describe, expect, it } from 'vitest';

import { renderDanfe } from '../src/index.js';
import { EVERY_GROUP_KEY, EVERY_GROUP_NFE } from './every-group-nfe.js';
import { nfeProc, withIbsCbs } from './fixtures.js';
import { count, HAVE_TOOLS, pageCount, pagesText, rawText } from './pdf-tools.js';
import { fieldValue, pageWords } from './pdf-words.js';

/** The every-group document edited, with a placeholder signature and a protocol. */
async function render(edit: (xml: string) => string): Promise<Uint8Array> {
  const edited = edit(EVERY_GROUP_NFE);
  expect(edited).not.toBe(EVERY_GROUP_NFE);
  return renderDanfe(nfeProc(withPlaceholderSignature(edited), EVERY_GROUP_KEY));
}

describe.skipIf(!HAVE_TOOLS)('the every-group DANFE, varied', () => {
  it.each([
    ['1', '1-Destinatário (FOB)'],
    ['2', '2-Terceiros'],
    ['3', '3-Remetente (Transp. Próprio)'],
    ['4', '4-Destinatário (Transp. Próprio)'],
    ['9', '9-Sem Ocorrência de Transporte'],
  ])('words modFrete %s as the MOC does: "%s"', async (mode, words) => {
    const pdf = await render((x) =>
      x.replace('<modFrete>0</modFrete>', `<modFrete>${mode}</modFrete>`),
    );
    expect(fieldValue(pageWords(pdf, 1), 'FRETE POR CONTA DE')).toBe(words);
  });

  it('shows the first trailer in the vehicle fields when there is no tractor (veicTransp)', async () => {
    const pdf = await render((x) => x.replace(/<veicTransp>.*<\/veicTransp>/, ''));
    const words = pageWords(pdf, 1);
    expect(fieldValue(words, 'PLACA DO VEÍCULO')).toBe('XYZ9E87');
    expect(fieldValue(words, 'UF', 3)).toBe('PR');
    expect(fieldValue(words, 'CÓDIGO ANTT')).toBe('87654321');
    expect(rawText(pdf)).not.toContain('REBOQUE:');
  });

  /** 60 duplicatas (vLiq 720,00), and the IBS/CBS/IS totals and ISSQNtot when asked for. */
  const crowded = (ibs: boolean, issqn: boolean) => (x: string) => {
    const dups = Array.from({ length: 60 }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      return `<dup><nDup>${n}</nDup><dVenc>2027-01-${String((i % 28) + 1).padStart(2, '0')}</dVenc><vDup>12.00</vDup></dup>`;
    }).join('');
    const issqnTot =
      '<ISSQNtot><vServ>100.00</vServ><vBC>100.00</vBC><vISS>5.00</vISS><dCompet>2026-11-21</dCompet></ISSQNtot>';
    const edited = x
      .replace(/<dup>.*<\/dup>/, dups)
      .replace('<vLiq>740.00</vLiq>', '<vLiq>720.00</vLiq>')
      .replace('</ICMSTot>', `</ICMSTot>${issqn ? issqnTot : ''}`);
    return ibs ? withIbsCbs(edited) : edited;
  };

  it.each([
    ['the duplicatas grid shrinks', false, false, true],
    ['retirada/entrega become text, the grid gets its rows back', true, false, false],
    ['the same with the ISSQN block too', true, true, false],
  ])(
    'keeps room for items on the first sheet when optional blocks crowd it: %s',
    async (_, ibs, issqn, placeBlocks) => {
      const pdf = await render(crowded(ibs, issqn));
      const pages = pagesText(pdf);
      const n = pageCount(pdf);
      pages.forEach((page, i) => expect(page).toContain(`FOLHA ${i + 1}/${n}`));
      const first = pages[0] ?? '';
      expect(first).toContain('FATURA / DUPLICATAS');
      expect(first.includes('TOTAL DO IBS/CBS/IS')).toBe(ibs);
      expect(first.includes('CÁLCULO DO ISSQN')).toBe(issqn);
      // The first item (up to four rows with its freight, IBS/CBS and IS lines) is on sheet 1.
      expect(first).toMatch(/P001\s+CAMISETA ALGODÃO/);
      // retirada/entrega: their blocks, or the same fields as text; never both, never neither.
      const flow = rawText(pdf).replace(/\s+/g, ' ');
      expect(first.includes('INFORMAÇÕES DO LOCAL DE RETIRADA')).toBe(placeBlocks);
      expect(first.includes('INFORMAÇÕES DO LOCAL DE ENTREGA')).toBe(placeBlocks);
      const pickup =
        'LOCAL DE RETIRADA: DEPÓSITO CENTRAL ARAÚJO LTDA, CNPJ/CPF 11.222.333/0001-81, IE 111222333444, Rua do Armazém, 500 - Galpão 3, Brás, São Paulo - SP, CEP 03012-000, fone (11) 2222-3333';
      const delivery =
        'LOCAL DE ENTREGA: Joana Batista dos Santos, CNPJ/CPF 529.982.247-25, Rua das Flores, 45, Jardim América, Campinas - SP, CEP 13010-000, fone (19) 98888-7777';
      expect(flow.includes(pickup)).toBe(!placeBlocks);
      expect(flow.includes(delivery)).toBe(!placeBlocks);
      // Every duplicata once: the first ones in the grid (number, date, value), the rest in words.
      const layout = pages.join('\n');
      const placed: string[] = [];
      for (let d = 1; d <= 60; d++) {
        const number = String(d).padStart(3, '0');
        const grid = new RegExp(`(^|\\s)${number}\\s+\\d{2}/01/2027\\s+12,00(\\s|$)`, 'g');
        const there = (layout.match(grid) ?? []).length;
        const continued = count(flow, `Nº ${number} VENC.`);
        expect(there + continued, `dup ${number}`).toBe(1);
        placed.push(there === 1 ? 'grid' : 'text');
      }
      const gridSize = placed.indexOf('text');
      expect(gridSize).toBeGreaterThan(0);
      expect(gridSize % 4, 'whole grid rows').toBe(0);
      expect(placed.lastIndexOf('grid')).toBe(gridSize - 1);
      expect(flow).toContain(
        `DUPLICATAS (CONTINUAÇÃO): Nº ${String(gridSize + 1).padStart(3, '0')} VENC.`,
      );
    },
  );
});
