import { readFileSync } from 'node:fs';

import { sharedDir, sharedPath } from '@emissor/test-support';
import { beforeAll, describe, expect, it } from 'vitest';

import { groupKey, renderDanfe } from '../src/index.js';
import {
  authorised,
  build,
  item,
  request,
  sign,
  withAdditionalInfo,
  withBilling,
  withTransport,
} from './fixtures.js';
import { count, decodeBarcodes, HAVE_TOOLS, pageCount, pagesText, rawText } from './pdf-tools.js';

const SAMPLE = '43180906929383000163550010000000261000010301-procNFe.xml';
const HAVE_SHARED = sharedDir() !== undefined;

describe.skipIf(!HAVE_TOOLS)('DANFE read back with pdftotext and zbarimg', () => {
  describe.skipIf(!HAVE_SHARED)(
    'the SEFAZ-RS sample (real procNFe, homologação, pretty-printed)',
    () => {
      let pdf: Uint8Array;
      let text: string;
      beforeAll(async () => {
        pdf = await renderDanfe(readFileSync(sharedPath('nfe-samples', SAMPLE), 'utf8'));
        text = pagesText(pdf).join('\n');
      });

      it('prints the chave in groups of four, emitter, recipient, protocol and FOLHA 1/1', () => {
        expect(pageCount(pdf)).toBe(1);
        expect(text).toContain('4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301');
        expect(text).toContain('UMA RAZAO SOCIAL DE TESTE');
        expect(text).toContain('58.716.523/0001-19');
        expect(text).toContain('06.929.383/0001-63');
        expect(text).toContain('143180006932433 - 25/09/2018 16:21:05');
        expect(text).toContain('FOLHA 1/1');
        expect(text).toContain('UM PRODUTO TESTE QUALQUER');
        expect(text).toContain('10,0000');
        expect(text).toMatch(/NÚMERO DA FATURA.*\n173\s+1,00\s+0,00\s+1,00\n/);
        expect(text).toMatch(/NÚMERO\s+VENCIMENTO\s+VALOR\n001\s+31\/12\/2018\s+1,00\n/);
      });

      it('has a CODE-128 barcode that zbarimg decodes to the chave at 300 dpi', async () => {
        expect(await decodeBarcodes(pdf, 1)).toEqual([
          '43180906929383000163550010000000261000010301',
        ]);
      });

      it('marks homologação "SEM VALOR FISCAL" (tpAmb 2), once as the watermark', () => {
        // The recipient name SEFAZ requires in homologação carries the phrase too (rejection 598).
        const lines = text.split('\n').filter((l) => l.includes('SEM VALOR FISCAL'));
        expect(lines.filter((l) => !l.includes('HOMOLOGACAO'))).toHaveLength(1);
        expect(text).not.toContain('NÃO AUTORIZADA');
        expect(text).not.toContain('CANCELADA');
      });
    },
  );

  describe('an authorised production NF-e built by @emissor/nfe-xml', () => {
    let chave: string;
    let xml: string;
    let pdf: Uint8Array;
    let text: string;
    beforeAll(async () => {
      ({ xml, chave } = authorised(request(3), (x) => withBilling(withTransport(x), 8)));
      pdf = await renderDanfe(xml);
      text = pagesText(pdf).join('\n');
    });

    it('prints Portuguese text as the XML has it (ç ã é º ª)', () => {
      expect(text).toMatch(/CONFECÇÕES ARAÚJO &\s+FILHOS LTDA/);
      expect(text).toContain('Rua São João, 1º andar');
      expect(text).toContain('Maria da Conceição Ribeiro');
      expect(text).toContain('Sala 12ª');
      expect(text).toContain('CAMISETA ALGODÃO Nº 2');
      expect(text).toContain('Venda de mercadoria adquirida ou recebida de terceiros');
    });

    it('fills every block: recipient, billing, totals, carrier and volumes', () => {
      expect(text).toContain(groupKey(chave));
      expect(text).toContain('123.456.789-09');
      expect(text).toContain('01310-100');
      expect(text).toContain('135260000012345 - 21/11/2026 19:30:05');
      expect(text).toMatch(
        /005\s+05\/12\/2026\s+1,00\s+006\s+06\/12\/2026\s+1,00\s+007\s+07\/12\/2026\s+1,00\s+008\s+08\/12\/2026\s+1,00\n/,
      );
      expect(text).toContain('TRANSPORTES JOÃO & CIA LTDA');
      expect(text).toContain('1-Destinatário (FOB)');
      expect(text).toContain('ABC1D23');
      // Two vol groups: quantities and weights summed, equal kinds printed once.
      expect(text).toMatch(/\b5\s+CAIXA\s+ARAÚJO\s+1-3, 4-5\s+15,750\s+14,500/);
      expect(text).toContain('63,00'); // vNF and vProd of 3 × 21.00
      expect(text).toContain('11,34'); // vICMS 3 × 3.78
      expect(text).toContain('CRT: 3 - REGIME NORMAL');
    });

    it('carries no mark: authorised, production, not cancelled', () => {
      expect(text).not.toContain('SEM VALOR FISCAL');
      expect(text).not.toContain('CANCELADA');
    });

    it('prints CANCELADA when the caller says the NF-e was cancelled', async () => {
      const cancelled = pagesText(await renderDanfe(xml, { cancelada: true })).join('\n');
      expect(count(cancelled, 'CANCELADA')).toBe(1);
      expect(cancelled).not.toContain('SEM VALOR FISCAL');
    });

    it('is byte-for-byte the same for the same input, and follows createdAt', async () => {
      const again = await renderDanfe(xml);
      expect(Buffer.from(again).equals(Buffer.from(pdf))).toBe(true);
      const other = await renderDanfe(xml, { createdAt: new Date('2027-01-01T00:00:00Z') });
      expect(Buffer.from(other).equals(Buffer.from(pdf))).toBe(false);
      expect(Buffer.from(pdf).toString('latin1')).toContain('(D:20261121223000Z)');
    });

    it('drops the canhoto on request', async () => {
      expect(text).toContain('RECEBEMOS DE CONFECÇÕES ARAÚJO');
      const bare = pagesText(await renderDanfe(xml, { canhoto: false })).join('\n');
      expect(bare).not.toContain('RECEBEMOS DE');
      expect(bare).not.toContain('DATA DE RECEBIMENTO');
      expect(bare).toContain('FOLHA 1/1');
    });

    it('rounds quantity and unit price to the decimal places asked for', async () => {
      expect(text).toMatch(/\s2,0000\s+10,5000\s/);
      const short = pagesText(
        await renderDanfe(xml, { quantityDecimals: 0, unitPriceDecimals: 2 }),
      ).join('\n');
      expect(short).toMatch(/\sUN\s+2\s+10,50\s/);
    });
  });

  it('marks an NFe without protocol "SEM VALOR FISCAL - NÃO AUTORIZADA" on every sheet', async () => {
    const signed = sign(build(request(120)).xml);
    const pdf = await renderDanfe(signed);
    const pages = pagesText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(count(page, 'SEM VALOR FISCAL - NÃO AUTORIZADA')).toBe(1);
    expect(pages.join('\n')).not.toContain('PROTOCOLO DE AUTORIZAÇÃO DE USO\n    1');
  });

  it('treats a protocol that did not authorise (cStat 302, denied) as no authorisation', async () => {
    const { signed, chave } = authorised(request(1));
    const { nfeProc } = await import('./fixtures.js');
    const text = pagesText(await renderDanfe(nfeProc(signed, chave, { cStat: '302' }))).join('\n');
    expect(text).toContain('SEM VALOR FISCAL - NÃO AUTORIZADA');
  });

  describe('a 300-item NF-e', () => {
    let pdf: Uint8Array;
    let pages: string[];
    let chave: string;
    beforeAll(async () => {
      const items = Array.from({ length: 300 }, (_, i) => {
        const n = i + 1;
        // Every seventh item has a description long enough to wrap over several lines.
        const long =
          n % 7 === 0
            ? `CAMISETA ALGODÃO REF-P${String(n).padStart(3, '0')} COM DESCRIÇÃO LONGA QUE OCUPA MAIS DE UMA LINHA NA COLUNA DE DESCRIÇÃO DO DANFE FINAL${n}`
            : undefined;
        return item(n, long);
      });
      const built = authorised(request(items));
      chave = built.chave;
      pdf = await renderDanfe(built.xml);
      pages = pagesText(pdf);
    });

    it('prints FOLHA n/N on each of its N sheets, with the header repeated', () => {
      const n = pageCount(pdf);
      expect(n).toBeGreaterThan(3);
      expect(pages).toHaveLength(n);
      pages.forEach((page, i) => {
        expect(count(page, `FOLHA ${i + 1}/${n}`)).toBe(1);
        expect(count(page, groupKey(chave))).toBe(1);
        expect(page).toContain('CONFECÇÕES ARAÚJO &');
        expect(page).toContain('NATUREZA DA OPERAÇÃO');
      });
    });

    it('prints every item exactly once, in order', () => {
      const all = pages.join('\n');
      let last = -1;
      for (let n = 1; n <= 300; n++) {
        const code = `P${String(n).padStart(3, '0')}`;
        const matches = all.match(new RegExp(`(^|\\s)${code}(?=\\s)`, 'gm')) ?? [];
        expect(matches, code).toHaveLength(1);
        expect(count(all, `REF-${code}`), code).toBe(1);
        const at = all.search(new RegExp(`(^|\\s)${code}\\s`, 'm'));
        expect(at, code).toBeGreaterThan(last);
        last = at;
        if (n % 7 === 0) expect(count(all, `FINAL${n}\n`) + count(all, `FINAL${n} `), code).toBe(1);
      }
    });

    it('has a decodable barcode of the chave on every sheet', async () => {
      for (let p = 1; p <= pages.length; p++)
        expect(await decodeBarcodes(pdf, p), `sheet ${p}`).toEqual([chave]);
      // One 300-dpi render and decode per sheet: seconds each when the machine is busy.
    }, 180_000);
  });

  it('continues a long infCpl (and infAdFisco) onto following sheets with all of its text', async () => {
    const words = Array.from({ length: 1400 }, (_, i) => `palavra${i + 1}`);
    const cpl = `Informações de interesse do contribuinte: ${words.join(' ')} FIM.`;
    const fisco = 'Valor do FCP: R$ 0,00. Pedido nº 4521ª.';
    const { xml } = authorised(request(2), (x) => withAdditionalInfo(x, { fisco, cpl }));
    const pdf = await renderDanfe(xml);
    const n = pageCount(pdf);
    expect(n).toBeGreaterThan(1);
    const pages = pagesText(pdf);
    expect(pages[0]).toContain('(CONTINUA NA FOLHA 2)');
    expect(pages[1]).toContain('INFORMAÇÕES COMPLEMENTARES (CONTINUAÇÃO)');
    pages.forEach((page, i) => expect(page).toContain(`FOLHA ${i + 1}/${n}`));
    // Every word once, in order, across the sheets.
    const flow = rawText(pdf).replace(/\s+/g, ' ');
    expect(flow).toContain(`INF. FISCO: ${fisco}`);
    let from = flow.indexOf('INF. CONTRIBUINTE: Informações de interesse do contribuinte:');
    expect(from).toBeGreaterThanOrEqual(0);
    for (const word of [...words, 'FIM.']) {
      const at = flow.indexOf(`${word} `, from);
      expect(at, word).toBeGreaterThan(from);
      expect(count(flow, ` ${word} `), word).toBe(1);
      from = at;
    }
  });
});
