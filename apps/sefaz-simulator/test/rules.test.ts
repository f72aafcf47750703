import { buildNfe, modulo11CheckDigit } from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { firstRejection, viewNfe } from '../src/rules/index.js';
import { parseXml } from '../src/xml/dom.js';
import { nfeRequest } from './helpers/documents.js';

const CNPJ = '58716523000119';
const RECEIVED_AT = new Date('2026-11-26T12:00:00Z');

function built(
  overrides: Parameters<typeof nfeRequest>[1] = {},
  codigoNumerico = '10203040',
): string {
  return buildNfe({
    ...nfeRequest(CNPJ, overrides),
    numero: 1,
    codigoNumerico,
    issuedAt: new Date(RECEIVED_AT.getTime() - 60_000),
  }).xml;
}

/** The cStat the rules give a document (undefined: it passes), as the simulator reads it. */
function verdict(xml: string, context: { clientCnpj?: string; signerCnpj?: string } = {}) {
  const root = parseXml(xml);
  if (!root) throw new Error('not well-formed');
  return firstRejection(viewNfe(root), {
    clientCnpj: context.clientCnpj ?? CNPJ,
    signerCnpj: context.signerCnpj ?? CNPJ,
    receivedAt: RECEIVED_AT,
  })?.cStat;
}

/** Rewrites the chave after a change to a field it is made of, with a correct check digit. */
function withChave(xml: string, edit: (chave43: string) => string): string {
  const chave = /Id="NFe(\d{44})"/.exec(xml)?.[1] ?? '';
  const first43 = edit(chave.slice(0, 43));
  const cDV = modulo11CheckDigit(first43);
  return xml
    .replace(`Id="NFe${chave}"`, `Id="NFe${first43}${cDV}"`)
    .replace(/<cDV>\d<\/cDV>/, `<cDV>${cDV}</cDV>`);
}

describe('document rules', () => {
  it('pass a document built by @emissor/nfe-xml', () => {
    expect(verdict(built())).toBeUndefined();
  });

  it.each([
    [
      '213: another company opened the connection',
      built(),
      { clientCnpj: '11222333000181' },
      '213',
    ],
    ['213: another company signed it', built(), { signerCnpj: '11222333000181' }, '213'],
    [
      '213 passes for a branch of the same company',
      built(),
      { clientCnpj: '58716523000200' },
      undefined,
    ],
  ])('%s', (_name, xml, context, cStat) => {
    expect(verdict(xml, context)).toBe(cStat);
  });

  it.each([
    [
      '253: wrong check digit',
      (x: string) =>
        x.replace(
          /Id="NFe(\d{43})(\d)"/,
          (_m, a: string, d: string) => `Id="NFe${a}${(Number(d) + 1) % 10}"`,
        ),
      '253',
    ],
    [
      '502: nNF differs from the chave',
      (x: string) => withChave(x, (c) => c.slice(0, 25) + '000000002' + c.slice(34)),
      '502',
    ],
    [
      '897: cNF equal to nNF',
      (x: string) =>
        withChave(
          x.replace('<cNF>10203040</cNF>', '<cNF>00000001</cNF>'),
          (c) => c.slice(0, 35) + '00000001',
        ),
      '897',
    ],
    [
      '897: trivial cNF',
      (x: string) =>
        withChave(
          x.replace('<cNF>10203040</cNF>', '<cNF>12345678</cNF>'),
          (c) => c.slice(0, 35) + '12345678',
        ),
      '897',
    ],
    [
      '703: dhEmi an hour after reception',
      (x: string) => x.replace(/<dhEmi>[^<]*<\/dhEmi>/, '<dhEmi>2026-11-26T10:00:00-03:00</dhEmi>'),
      '703',
    ],
    [
      '732: interstate CFOP with idDest 1',
      (x: string) => x.replace('<CFOP>5102</CFOP>', '<CFOP>6102</CFOP>'),
      '732',
    ],
    [
      '731: export CFOP with idDest 1',
      (x: string) => x.replace('<CFOP>5102</CFOP>', '<CFOP>7102</CFOP>'),
      '731',
    ],
    [
      '733: internal CFOP with idDest 2',
      (x: string) => x.replace('<idDest>1</idDest>', '<idDest>2</idDest>'),
      '733',
    ],
    [
      '591: CSOSN for a CRT 3 emitter',
      (x: string) => x.replace('<CRT>1</CRT>', '<CRT>3</CRT>'),
      '591',
    ],
    [
      '629: vProd is not qCom × vUnCom',
      (x: string) => x.replace('<vUnCom>50.00</vUnCom>', '<vUnCom>50.01</vUnCom>'),
      '629',
    ],
    [
      '629 tolerates R$ 0,01',
      (x: string) => x.replace('<qCom>10.0000</qCom>', '<qCom>10.0002</qCom>'),
      undefined,
    ],
    [
      '531: total BC is not the sum of the items',
      (x: string) => x.replace('<vBC>0.00</vBC>', '<vBC>1.00</vBC>'),
      '531',
    ],
    [
      '564: total vProd is not the sum of the items',
      (x: string) =>
        x.replace(/(<ICMSTot>[\s\S]*)<vProd>500.00<\/vProd>/, '$1<vProd>501.00</vProd>'),
      '564',
    ],
    [
      '610: vNF differs by more than R$ 0,50',
      (x: string) => x.replace('<vNF>500.00</vNF>', '<vNF>500.51</vNF>'),
      '610',
    ],
    [
      '610 tolerates R$ 0,50',
      (x: string) =>
        x
          .replace('<vNF>500.00</vNF>', '<vNF>500.50</vNF>')
          .replace('<vPag>500.00</vPag>', '<vPag>500.50</vPag>'),
      undefined,
    ],
    [
      '865: payments below vNF',
      (x: string) => x.replace('<vPag>500.00</vPag>', '<vPag>400.00</vPag>'),
      '865',
    ],
    [
      '866: payments above vNF without troco',
      (x: string) => x.replace('<vPag>500.00</vPag>', '<vPag>600.00</vPag>'),
      '866',
    ],
    [
      '869: wrong troco',
      (x: string) =>
        x.replace(
          '<vPag>500.00</vPag></detPag>',
          '<vPag>600.00</vPag></detPag><vTroco>50.00</vTroco>',
        ),
      '869',
    ],
    [
      'troco equal to the excess passes',
      (x: string) =>
        x.replace(
          '<vPag>500.00</vPag></detPag>',
          '<vPag>600.00</vPag></detPag><vTroco>100.00</vTroco>',
        ),
      undefined,
    ],
  ])('%s', (_name, edit, cStat) => {
    const xml = built();
    const edited = edit(xml);
    if (cStat !== undefined) expect(edited).not.toBe(xml);
    expect(verdict(edited)).toBe(cStat);
  });

  it('590: CST for a Simples Nacional emitter', () => {
    const xml = built().replace('<CRT>1</CRT>', '<CRT>3</CRT>');
    expect(verdict(xml)).toBe('591');
    const regimeNormal = xml
      .replace('<CRT>3</CRT>', '<CRT>1</CRT>')
      .replace(/<ICMSSN102>[\s\S]*?<\/ICMSSN102>/, '<ICMS40><orig>0</orig><CST>40</CST></ICMS40>');
    expect(regimeNormal).toContain('<CST>40</CST>');
    expect(verdict(regimeNormal)).toBe('590');
  });

  it('598: a homologação recipient with a real name', () => {
    const xml = built().replace(
      '</emit>',
      '</emit><dest><CPF>12345678909</CPF><xNome>FULANO DE TAL</xNome><indIEDest>9</indIEDest></dest>',
    );
    expect(verdict(xml)).toBe('598');
    expect(
      verdict(
        xml.replace('FULANO DE TAL', 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL'),
      ),
    ).toBeUndefined();
  });

  describe('IBS, CBS and IS (NT 2025.002): the rule module the API also applies', () => {
    /** The item of the helper (10 × 50.00) with IBS/CBS at the 2026 test rates on 500.00. */
    const withIbsCbs = () => {
      const base = nfeRequest(CNPJ);
      const [item] = base.itens;
      const line = (tax_domain: 'ibs_uf' | 'ibs_mun' | 'cbs', aliquota: string, valor: string) => ({
        tax_domain,
        cst: '000',
        classificacao_tributaria: '000001',
        base_calc: '500.00',
        base_calc_percent: '100',
        aliquota,
        valor,
        rule_id: 'rtc',
      });
      return built({
        itens: [
          {
            ...item!,
            fiscal_result: {
              ...item!.fiscal_result,
              tributos: [
                line('ibs_uf', '0.10', '0.50'),
                line('ibs_mun', '0', '0.00'),
                line('cbs', '0.90', '4.50'),
              ],
            },
          },
        ],
      });
    };

    it('passes a document whose groups @emissor/nfe-xml wrote', () => {
      const xml = withIbsCbs();
      expect(xml).toContain('<IBSCBSTot>');
      expect(verdict(xml)).toBeUndefined();
    });

    it.each([
      [
        '1069: an item CBS value that is not base × rate (UB67-10)',
        (xml: string) => xml.replace('<vCBS>4.50</vCBS>', '<vCBS>4.70</vCBS>'),
        '1069',
      ],
      [
        '1026: an IBS UF rate other than the 2026 test rate (UB18-10)',
        // Rate and values changed together, so only the test-year rate is wrong.
        (xml: string) =>
          xml
            .replace(/<pIBSUF>[^<]*<\/pIBSUF>/, '<pIBSUF>0.2000</pIBSUF>')
            .replaceAll('<vIBSUF>0.50</vIBSUF>', '<vIBSUF>1.00</vIBSUF>')
            .replaceAll('<vIBS>0.50</vIBS>', '<vIBS>1.00</vIBS>'),
        '1026',
      ],
      [
        '1094: vNFTot that is not the sum of vItem (W60-10)',
        (xml: string) => xml.replace('<vNFTot>500.00</vNFTot>', '<vNFTot>501.00</vNFTot>'),
        '1094',
      ],
    ])('%s', (_name, edit, cStat) => {
      const xml = withIbsCbs();
      const edited = edit(xml);
      expect(edited).not.toBe(xml);
      expect(verdict(edited)).toBe(cStat);
    });
  });
});
