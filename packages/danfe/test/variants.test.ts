import { modulo11CheckDigit } from '@emissor/nfe-xml';
import { sharedDir, validateNfeXml } from '@emissor/test-support';
import { describe, expect, it } from 'vitest';

import { groupKey, renderDanfe } from '../src/index.js';
import {
  alphanumeric,
  authorised,
  build,
  item,
  nfeProc,
  request,
  sign,
  withAdditionalInfo,
  withBilling,
  withIbsCbs,
} from './fixtures.js';
import {
  count,
  decodeBarcodes,
  HAVE_TOOLS,
  imagesPerPage,
  pageAsJpeg,
  pageCount,
  pagesText,
  rawText,
} from './pdf-tools.js';
import { makePng } from './png.js';

const HAVE_SHARED = sharedDir() !== undefined;

describe.skipIf(!HAVE_TOOLS)('DANFE variants read back', () => {
  it('encodes an alphanumeric chave (CNPJ alfanumérico) that zbarimg decodes exactly', async () => {
    const { xml, chave } = alphanumeric(request(1));
    expect(chave).toMatch(/^\d{6}12ABC34501DE35\d{24}$/);
    const pdf = await renderDanfe(xml);
    expect(await decodeBarcodes(pdf, 1)).toEqual([chave]);
    const text = pagesText(pdf).join('\n');
    expect(text).toContain(groupKey(chave));
    expect(text).toContain('12.ABC.345/01DE-35');
  });

  describe.skipIf(!HAVE_SHARED)('NT 2026.010 "TOTAL DO IBS/CBS/IS"', () => {
    it('prints the block and the item lines when the XML has IBSCBSTot/ISTot (valid under PL_010b)', async () => {
      const { xml, signed } = authorised(request(2), withIbsCbs);
      expect(validateNfeXml(signed, 'PL_010b_NT2025_002_v1.30')).toEqual([]);
      const text = pagesText(await renderDanfe(xml)).join('\n');
      expect(text).toContain('TOTAL DO IBS/CBS/IS');
      expect(text).toMatch(
        /VALOR DA CBS\s+VALOR DO IBS UF\s+VALOR DO IBS MUNICÍPIO\s+VALOR DO IMPOSTO SELETIVO/,
      );
      expect(text).toMatch(/0,27\s+0,03\s+0,00\s+0,84/);
      expect(text).toContain('VALOR DO IBS MONOFÁSICO');
      // Item 1 at the nominal rates; item 2 has gRed, so its effective rates print (§4.3).
      expect(text).toMatch(
        /IBS\/CBS CST: 000 \| cClassTrib: 000001 \| BC: 21,00 \| IBS UF: 0,10% 0,02 \| IBS MUN\.: 0,00% 0,00 \| CBS: 0,90% 0,19/,
      );
      expect(text).toMatch(
        /IBS\/CBS CST: 200 \| cClassTrib: 200034 \| BC: 21,00 \| IBS UF: 0,04% 0,01 \| IBS MUN\.: 0,00% 0,00 \| CBS: 0,36% 0,08/,
      );
      const isLines = text.match(
        /IS CST: 000 \| cClassTrib: 000001 \| BC: 21,00 \| ALÍQ\.: 2,00% \| VALOR: 0,42/g,
      );
      expect(isLines).toHaveLength(2);
    });

    it('prints the block for IBS/CBS/IS lines the builder itself wrote (@emissor/nfe-xml)', async () => {
      const rtc = (domain: string, aliquota: string, valor: string) => ({
        tax_domain: domain,
        cst: '000',
        classificacao_tributaria: '000001',
        base_calc: '21.00',
        base_calc_percent: '100',
        aliquota,
        valor,
        rule_id: '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21',
      });
      const items = [1, 2].map((n) => {
        const base = item(n);
        const tributos = base.fiscal_result.tributos ?? [];
        return {
          ...base,
          fiscal_result: {
            ...base.fiscal_result,
            tributos: [
              ...tributos,
              rtc('ibs_uf', '0.10', '0.02'),
              rtc('ibs_mun', '0', '0'),
              rtc('cbs', '0.90', '0.19'),
              rtc('is', '2', '0.42'),
            ],
          },
        };
      });
      const { xml, signed } = authorised(request(items));
      expect(validateNfeXml(signed, 'PL_010b_NT2025_002_v1.30')).toEqual([]);
      const text = pagesText(await renderDanfe(xml)).join('\n');
      expect(text).toContain('TOTAL DO IBS/CBS/IS');
      expect(text).toMatch(/0,38\s+0,04\s+0,00\s+0,84/);
      expect(text).toMatch(
        /IBS\/CBS CST: 000 \| cClassTrib: 000001 \| BC: 21,00 \| IBS UF: 0,10% 0,02 \| IBS MUN\.: 0,00% 0,00 \| CBS: 0,90% 0,19/,
      );
    });

    it('prints the monophase totals of a CST 620 item the builder wrote (gIBSCBSMono → gMono)', async () => {
      const base = item(1);
      const codes = (['ibs_uf', 'ibs_mun', 'cbs'] as const).map((domain) => ({
        tax_domain: domain,
        cst: '620',
        classificacao_tributaria: '620001',
        base_calc: '0',
        base_calc_percent: '100',
        valor: '0',
        rule_id: '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21',
      }));
      const fuel = {
        ...base,
        fiscal_result: {
          ...base.fiscal_result,
          tributos: [...(base.fiscal_result.tributos ?? []), ...codes],
          ibs_cbs: {
            monofasia: {
              padrao: {
                quantidade: '10',
                ad_rem_ibs: '0.1000',
                valor_ibs: '1.00',
                ad_rem_cbs: '0.9000',
                valor_cbs: '9.00',
              },
              retencao: {
                quantidade: '2',
                ad_rem_ibs: '0.1000',
                valor_ibs: '0.20',
                ad_rem_cbs: '0.9000',
                valor_cbs: '1.80',
              },
            },
          },
        },
      };
      const { xml, signed } = authorised(request([fuel]));
      expect(validateNfeXml(signed, 'PL_010b_NT2025_002_v1.30')).toEqual([]);
      const text = pagesText(await renderDanfe(xml)).join('\n');
      expect(text).toContain('VALOR DO IBS MONOFÁSICO POR RETENÇÃO');
      expect(text).toMatch(/1,00\s+9,00\s+0,20\s+1,80/);
    });

    it('leaves the block out when the XML has neither group', async () => {
      const text = pagesText(await renderDanfe(authorised(request(2)).xml)).join('\n');
      expect(text).not.toContain('IBS/CBS');
    });
  });

  it('prints the ISSQN block only when the XML has ISSQNtot', async () => {
    const issqn =
      '<ISSQNtot><vServ>100.00</vServ><vBC>100.00</vBC><vISS>5.00</vISS><dCompet>2026-11-21</dCompet></ISSQNtot>';
    const { xml } = authorised(request(1), (x) => x.replace('</ICMSTot>', `</ICMSTot>${issqn}`));
    const text = pagesText(await renderDanfe(xml)).join('\n');
    expect(text).toContain('CÁLCULO DO ISSQN');
    expect(text).toMatch(/100,00\s+100,00\s+5,00/);
    expect(pagesText(await renderDanfe(authorised(request(1)).xml)).join('\n')).not.toContain(
      'ISSQN',
    );
  });

  it('embeds a PNG logo (with alpha) and a JPEG logo once, shown on every sheet', async () => {
    const { xml } = authorised(request(150));
    const withPng = await renderDanfe(xml, { logo: makePng(64, true) });
    const sheets = pageCount(withPng);
    expect(sheets).toBeGreaterThan(1);
    const images = imagesPerPage(withPng);
    for (let p = 1; p <= sheets; p++) expect(images.get(p), `sheet ${p}`).toBeGreaterThanOrEqual(1);
    // One image object (and its soft mask): the opened logo is reused by reference.
    expect(count(Buffer.from(withPng).toString('latin1'), '/Subtype /Image')).toBe(2);

    const jpeg = pageAsJpeg(withPng);
    const withJpeg = await renderDanfe(authorised(request(1)).xml, { logo: jpeg });
    expect(imagesPerPage(withJpeg).get(1)).toBe(1);
  });

  it('wraps a long description and infAdProd right below their item', async () => {
    const long = `${'TECIDO PLANO DE ALGODÃO '.repeat(4)}FIM-DESCRIÇÃO`;
    const { xml: built, chave } = build(request([item(1, long), item(2)]));
    const info = 'Lote 123 fabricado em 01/11/2026 validade 01/11/2028 FIM-INFADPROD';
    const withInfo = built.replace(
      /(<det nItem="1">.*?)(<\/det>)/,
      `$1<infAdProd>${info}</infAdProd>$2`,
    );
    const text = rawText(await renderDanfe(nfeProc(sign(withInfo), chave)));
    // Reading order puts the NCM cell of the item's first line between its description lines.
    const flow = text.replace(/\s+/g, ' ').replace(/ 61091000 /g, ' ');
    expect(flow).toContain(long);
    expect(flow).toContain(info);
    expect(flow.indexOf('FIM-DESCRIÇÃO')).toBeLessThan(flow.indexOf('FIM-INFADPROD'));
    expect(flow.indexOf('FIM-INFADPROD')).toBeLessThan(flow.indexOf('REF-P002'));
  });

  it('splits an item taller than a whole sheet between sheets, losing no line', async () => {
    // infAdProd is at most 500 characters in the schema; a longer one still prints in full.
    const words = Array.from({ length: 2500 }, (_, i) => `w${i + 1}`);
    const { xml, chave } = build(request(2));
    const edited = xml.replace(
      /(<det nItem="1">.*?)(<\/det>)/,
      `$1<infAdProd>${words.join(' ')}</infAdProd>$2`,
    );
    const pdf = await renderDanfe(nfeProc(sign(edited), chave));
    const n = pageCount(pdf);
    expect(n).toBeGreaterThan(2);
    pagesText(pdf).forEach((page, i) => expect(page).toContain(`FOLHA ${i + 1}/${n}`));
    const flow = ` ${rawText(pdf).replace(/\s+/g, ' ')} `;
    for (const word of words) expect(count(flow, ` ${word} `), word).toBe(1);
  });

  it('prints all 120 duplicatas the schema allows: a grid of 24, the rest in Informações Complementares', async () => {
    const { xml, signed } = authorised(request(3), (x) => withBilling(x, 120));
    if (HAVE_SHARED) expect(validateNfeXml(signed, 'PL_009_V4')).toEqual([]);
    const pdf = await renderDanfe(xml);
    const n = pageCount(pdf);
    const pages = pagesText(pdf);
    pages.forEach((page, i) => expect(page).toContain(`FOLHA ${i + 1}/${n}`));
    const text = pages.join('\n');
    expect(text).toContain('DUPLICATAS (CONTINUAÇÃO): Nº 025 VENC. 25/12/2026 VALOR: R$ 1,00;');
    const flow = rawText(pdf).replace(/\s+/g, ' ');
    for (let d = 1; d <= 120; d++) {
      const number = String(d).padStart(3, '0');
      const inGrid = new RegExp(
        `(^|\\s)${number}\\s+${String(d).padStart(2, '0')}/12/2026\\s+1,00\\s`,
        'g',
      );
      expect(text.match(inGrid) ?? [], `dup ${d} in the grid`).toHaveLength(d <= 24 ? 1 : 0);
      expect(count(flow, `Nº ${number} `), `dup ${d} continued`).toBe(d <= 24 ? 0 : 1);
    }
    expect(text).toContain('REF-P003');
  });

  it('fits a value too long for its field on two smaller lines instead of cutting it', async () => {
    const long = (word: string) => `${word} `.repeat(Math.floor(60 / (word.length + 1))).trim();
    const req = request(1);
    const { xml, chave } = build({
      ...req,
      destinatario: {
        ...req.destinatario!,
        address_street: long('Avenida'),
        address_number: long('Bloco'),
        address_complement: long('Apartamento'),
      },
    });
    const text = rawText(await renderDanfe(nfeProc(sign(xml), chave))).replace(/\s+/g, ' ');
    expect(text).toContain(`${long('Avenida')}, ${long('Bloco')} - ${long('Apartamento')}`);
  });

  it('maps characters the standard fonts lack instead of printing garbage', async () => {
    const { xml } = authorised(request(1), (x) =>
      withAdditionalInfo(x, { cpl: 'Entrega: Győr – “urgente” ≥ 2 caixas ★ fim' }),
    );
    const text = rawText(await renderDanfe(xml));
    expect(text).toContain('Entrega: Gyor – “urgente” >= 2 caixas ? fim');
  });
});

describe.skipIf(!HAVE_TOOLS)('contingency on security paper (FS-DA, tpEmis 5)', () => {
  it('prints the "Dados da NF-e" barcode and digits (MOC §3.9.2) and no not-authorised mark', async () => {
    const { xml } = build(request(1, { tp_emis: '5' }));
    const edited = xml.replace(
      '</verProc>',
      '</verProc><dhCont>2026-11-21T19:00:00-03:00</dhCont><xJust>Falha de comunicação com a SEFAZ autorizadora</xJust>',
    );
    const pdf = await renderDanfe(sign(edited));
    // cUF of the recipient (SP 35), tpEmis 5, her CPF in 14, vNF 21.00 in cents, own ICMS shown
    // (1), no ST (2), day 21, then the chave's mod-11 digit computed by @emissor/nfe-xml.
    const first35 = `35500012345678909${'2100'.padStart(14, '0')}1221`;
    const data = first35 + modulo11CheckDigit(first35);
    expect(data).toHaveLength(36);
    const chave = /Id="NFe(\d{44})"/.exec(edited)?.[1];
    expect((await decodeBarcodes(pdf, 1)).sort()).toEqual([chave, data].sort());
    const text = pagesText(pdf).join('\n');
    expect(text).toContain('DADOS DA NF-E');
    expect(text).toContain(groupKey(data));
    expect(text).not.toContain('NÃO AUTORIZADA');
    expect(text).toContain(
      'EMITIDA EM CONTINGÊNCIA (TPEMIS 5) EM 21/11/2026 19:00:00 - JUSTIFICATIVA: Falha de comunicação',
    );
  });
});
