import { withPlaceholderSignature } from '@emissor/test-support';
import { describe, expect, it } from 'vitest';

import { complementaryText } from '../src/draw/complementary-text.js';
import { readNfe } from '../src/model/read-nfe.js';
import { EVERY_GROUP_NFE } from './every-group-nfe.js';

const ALL_SHOWN = { shownInstallments: 120, placesInText: false };

/** Informações Complementares of the every-group NF-e with its NFref replaced by `refs`. */
function withReferences(refs: string): string {
  const xml = EVERY_GROUP_NFE.replace(/<NFref>.*<\/NFref>/, refs);
  expect(xml).not.toBe(EVERY_GROUP_NFE);
  return complementaryText(readNfe(withPlaceholderSignature(xml)), ALL_SHOWN);
}

describe('Informações Complementares text', () => {
  it('describes every kind of referenced document (NFref)', () => {
    const cte = '35261106157250000116570010000001231000001239';
    const refs =
      `<NFref><refCTe>${cte}</refCTe></NFref>` +
      '<NFref><refECF><mod>2D</mod><nECF>001</nECF><nCOO>000123</nCOO></refECF></NFref>' +
      '<NFref><refNFP><cUF>35</cUF><AAMM>2609</AAMM><CPF>12345678909</CPF><IE>ISENTO</IE><mod>04</mod>' +
      '<serie>0</serie><nNF>77</nNF></refNFP></NFref>';
    expect(withReferences(refs)).toContain(
      'DOCUMENTOS REFERENCIADOS: CT-e 3526 1106 1572 5000 0116 5700 1000 0001 2310 0000 1239; ' +
        'Cupom fiscal mod. 2D ECF 001 COO 000123; ' +
        'NF de produtor mod. 04 série 0 nº 77 emitente 123.456.789-09 IE ISENTO de 09/2026\n',
    );
  });

  it('opens with the contingency notice, naming the SVC of tpEmis 6 and 7', () => {
    const notice = (tpEmis: string, contingency = '') => {
      const xml = EVERY_GROUP_NFE.replace(
        /<tpEmis>1<\/tpEmis>/,
        `<tpEmis>${tpEmis}</tpEmis>`,
      ).replace('</verProc>', `</verProc>${contingency}`);
      return complementaryText(readNfe(withPlaceholderSignature(xml)), ALL_SHOWN).split('\n')[0];
    };
    const since =
      '<dhCont>2026-11-21T18:00:00-03:00</dhCont><xJust>SEFAZ-BA fora do ar desde as 18h</xJust>';
    expect(notice('7', since)).toBe(
      'EMITIDA EM CONTINGÊNCIA SVC-RS EM 21/11/2026 18:00:00 - JUSTIFICATIVA: SEFAZ-BA fora do ar desde as 18h',
    );
    expect(notice('6', since)).toMatch(
      /^EMITIDA EM CONTINGÊNCIA SVC-AN EM 21\/11\/2026 18:00:00 - /,
    );
    expect(notice('6')).toBe('EMITIDA EM CONTINGÊNCIA SVC-AN');
    expect(notice('5', since)).toMatch(/^EMITIDA EM CONTINGÊNCIA \(TPEMIS 5\) EM 21\/11\/2026 /);
    // A normal emission has no notice: infAdFisco comes first.
    expect(notice('1')).toMatch(/^INF\. FISCO: /);
  });

  it('puts what the MOC requires first: infAdFisco, then infCpl', () => {
    const text = complementaryText(readNfe(withPlaceholderSignature(EVERY_GROUP_NFE)), ALL_SHOWN);
    const lines = text.split('\n').map((l) => l.slice(0, l.indexOf(':')));
    expect(lines).toEqual([
      'INF. FISCO',
      'INF. CONTRIBUINTE',
      'OBS. CONTRIBUINTE',
      'OBS. FISCO',
      'PROCESSO REFERENCIADO',
      'DOCUMENTOS REFERENCIADOS',
      'INTERMEDIADOR DA TRANSAÇÃO',
      'REBOQUE',
    ]);
  });

  it('lists what the first sheet left to it: retirada/entrega, then duplicatas past the grid', () => {
    const nfe = readNfe(withPlaceholderSignature(EVERY_GROUP_NFE));
    const text = complementaryText(nfe, { shownInstallments: 1, placesInText: true });
    expect(text.split('\n').slice(-3)).toEqual([
      'LOCAL DE RETIRADA: DEPÓSITO CENTRAL ARAÚJO LTDA, CNPJ/CPF 11.222.333/0001-81, IE 111222333444, Rua do Armazém, 500 - Galpão 3, Brás, São Paulo - SP, CEP 03012-000, fone (11) 2222-3333',
      'LOCAL DE ENTREGA: Joana Batista dos Santos, CNPJ/CPF 529.982.247-25, Rua das Flores, 45, Jardim América, Campinas - SP, CEP 13010-000, fone (19) 98888-7777',
      'DUPLICATAS (CONTINUAÇÃO): Nº 002 VENC. 20/01/2027 VALOR: R$ 245,00; Nº 003 VENC. 19/02/2027 VALOR: R$ 245,00.',
    ]);
  });
});
