import { modulo11CheckDigit, type NfeRequest } from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { ibsCbsLine, nfeRequest } from './helpers/documents.js';
import { builtNfe, CNPJ, rejectionOf } from './helpers/rule-verdict.js';

const built = (overrides: Partial<NfeRequest> = {}, codigoNumerico?: string): string =>
  builtNfe(overrides, codigoNumerico).xml;

/** The cStat the rules give a document (undefined: it passes), as the simulator reads it. */
function verdict(xml: string, context: { clientCnpj?: string; signerCnpj?: string } = {}) {
  return rejectionOf(xml, context)?.cStat;
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
      return built({
        itens: [
          {
            ...item!,
            fiscal_result: {
              ...item!.fiscal_result,
              tributos: [
                ibsCbsLine('ibs_uf', '0.10', '0.50'),
                ibsCbsLine('ibs_mun', '0', '0.00'),
                ibsCbsLine('cbs', '0.90', '4.50'),
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
  describe('IBSCBS groups beyond gIBSCBS (NT 2025.002 v1.31 group UB)', () => {
    const codes = (cst: string) =>
      (['ibs_uf', 'ibs_mun', 'cbs'] as const).map((tax_domain) => ({
        tax_domain,
        cst,
        classificacao_tributaria: `${cst}001`,
        base_calc: '0',
        base_calc_percent: '100',
        valor: '0',
        rule_id: 'rtc',
      }));
    const spheres = () => [
      ibsCbsLine('ibs_uf', '0.10', '0.50'),
      ibsCbsLine('ibs_mun', '0', '0.00'),
      ibsCbsLine('cbs', '0.90', '4.50'),
    ];
    /** The helper's item with these lines and groups; `note` drops its ICMS (CSOSN). */
    const withGroups = (
      tributos: object[],
      ibs_cbs: object,
      overrides: Parameters<typeof nfeRequest>[1] = {},
    ) => {
      const base = nfeRequest(CNPJ, overrides);
      const [item] = base.itens;
      return built({
        ...overrides,
        itens: [
          {
            ...item!,
            fiscal_result: { ...item!.fiscal_result, tributos: tributos as never, ibs_cbs },
          },
        ],
      });
    };
    const AMAZONAS = {
      ...nfeRequest(CNPJ).emitente,
      address_city: 'MANAUS',
      address_state: 'AM',
      address_city_ibge_code: '1302603',
      address_zip: '69005000',
    };
    const DOCUMENTS = {
      mono: () =>
        withGroups(codes('620'), {
          monofasia: {
            padrao: {
              quantidade: '100',
              ad_rem_ibs: '0.10',
              valor_ibs: '10.00',
              ad_rem_cbs: '0.90',
              valor_cbs: '90.00',
            },
          },
        }),
      transfer: () =>
        withGroups(
          codes('800'),
          { transferencia_credito: { valor_ibs: '1.00', valor_cbs: '9.00' } },
          { fin_nfe: '6', tp_nf_debito: '05' },
        ),
      // AM requires infRespTec (972): the last group of infNFe here.
      zfm: () =>
        withGroups(
          codes('810'),
          { credito_presumido_zfm: { competencia: '2026-10', tipo: '1', valor: '5.00' } },
          { fin_nfe: '5', tp_nf_credito: '02', emitente: AMAZONAS },
        ).replace(
          '</infNFe>',
          '<infRespTec><CNPJ>11222333000181</CNPJ><xContato>Suporte</xContato><email>suporte@emissor.dev</email><fone>11987654321</fone></infRespTec></infNFe>',
        ),
      adjustment: () =>
        withGroups(codes('811'), {
          ajuste_competencia: { competencia: '2026-10', valor_ibs: '1.00', valor_cbs: '9.00' },
        }),
      regular: () =>
        withGroups(spheres(), {
          tributacao_regular: {
            cst: '000',
            classificacao_tributaria: '000001',
            aliquota_ibs_uf: '0.10',
            valor_ibs_uf: '0.50',
            aliquota_ibs_mun: '0',
            valor_ibs_mun: '0',
            aliquota_cbs: '0.90',
            valor_cbs: '4.50',
          },
          estorno_credito: { valor_ibs: '0.50', valor_cbs: '4.50' },
        }),
      government: () =>
        withGroups(
          // 0.90 % × (1 − 10 %) on 500.00 = 4.05; IBS UF 0.09 % = 0.45.
          [
            ibsCbsLine('ibs_uf', '0.10', '0.45'),
            ibsCbsLine('ibs_mun', '0', '0.00'),
            ibsCbsLine('cbs', '0.90', '4.05'),
          ],
          {
            compra_governamental: {
              aliquota_ibs_uf: '0.10',
              valor_ibs_uf: '0.45',
              aliquota_ibs_mun: '0',
              valor_ibs_mun: '0',
              aliquota_cbs: '0.90',
              valor_cbs: '4.05',
            },
          },
          {
            compra_governamental: { tipo_ente: '1', percentual_reducao: '10', tipo_operacao: '1' },
          },
        ),
    };

    it.each(Object.keys(DOCUMENTS))('passes the %s document @emissor/nfe-xml wrote', (name) => {
      expect(verdict(DOCUMENTS[name as keyof typeof DOCUMENTS]())).toBeUndefined();
    });

    it.each([
      [
        '1070: vTotIBSMonoItem that is not standard + retained − deferred (UB104-10)',
        'mono',
        (xml: string) => xml.replace('<vTotIBSMonoItem>10.00<', '<vTotIBSMonoItem>10.50<'),
        '1070',
      ],
      [
        '1116: CST 620 without gIBSCBSMono (UB13-40)',
        'mono',
        (xml: string) => xml.replace(/<gIBSCBSMono>.*<\/gIBSCBSMono>/, ''),
        '1116',
      ],
      [
        '1131: gTransfCred on a CST that takes none (UB13-44)',
        'transfer',
        (xml: string) =>
          xml.replace('<CST>800</CST><cClassTrib>800001<', '<CST>811</CST><cClassTrib>811001<'),
        '1131',
      ],
      [
        '1133: a credit transfer outside a debit note (UB106-30)',
        'transfer',
        (xml: string) =>
          xml.replace('<finNFe>6</finNFe><tpNFDebito>05</tpNFDebito>', '<finNFe>1</finNFe>'),
        '1133',
      ],
      [
        '1168: a credit transfer in a debit note of another type (UB106-31)',
        'transfer',
        (xml: string) => xml.replace('<tpNFDebito>05<', '<tpNFDebito>03<'),
        '1168',
      ],
      [
        '1129: a credit transfer of zeros (UB106-40)',
        'transfer',
        (xml: string) =>
          xml.replace('<vIBS>1.00</vIBS><vCBS>9.00</vCBS>', '<vIBS>0.00</vIBS><vCBS>0.00</vCBS>'),
        '1129',
      ],
      [
        '1158: the ZFM credit outside a credit note of type 02 (UB131-40)',
        'zfm',
        (xml: string) => xml.replace('<tpNFCredito>02<', '<tpNFCredito>01<'),
        '1158',
      ],
      [
        '1160: a ZFM credit period after the month of issue (UB132-10)',
        'zfm',
        (xml: string) => xml.replace('<competApur>2026-10<', '<competApur>2026-12<'),
        '1160',
      ],
      [
        '1170: CST 811 without gAjusteCompet (UB112-20)',
        'adjustment',
        (xml: string) => xml.replace(/<gAjusteCompet>.*<\/gAjusteCompet>/, ''),
        '1170',
      ],
      [
        '1171: a period adjustment of zeros (UB112-30)',
        'adjustment',
        (xml: string) =>
          xml.replace('<vIBS>1.00</vIBS><vCBS>9.00</vCBS>', '<vIBS>0</vIBS><vCBS>0</vCBS>'),
        '1171',
      ],
      [
        '1068: a regular-taxation CBS that is not base × rate (UB72d-10)',
        'regular',
        (xml: string) => xml.replace('<vTribRegCBS>4.50<', '<vTribRegCBS>4.80<'),
        '1068',
      ],
      [
        '1066: a regular-taxation CST that does not exist (UB69-10)',
        'regular',
        (xml: string) =>
          xml.replace(
            '<CSTReg>000</CSTReg><cClassTribReg>000001<',
            '<CSTReg>999</CSTReg><cClassTribReg>999001<',
          ),
        '1066',
      ],
      [
        '1141: a government purchase without gTribCompraGov (UB82a-10)',
        'government',
        (xml: string) => xml.replace(/<gTribCompraGov>.*<\/gTribCompraGov>/, ''),
        '1141',
      ],
      [
        '1142: a government split off by more than 0.04 (UB82a-20)',
        'government',
        (xml: string) => xml.replace('<vTribCBS>4.05<', '<vTribCBS>4.15<'),
        '1142',
      ],
    ])('%s', (_name, document, edit, cStat) => {
      const xml = DOCUMENTS[document as keyof typeof DOCUMENTS]();
      const edited = edit(xml);
      expect(edited).not.toBe(xml);
      expect(verdict(edited)).toBe(cStat);
    });
  });
});
