import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  modulo11CheckDigit,
  NfeValidationError,
  prepareNfe,
  reissueInSvc,
  ResponsavelTecnico,
} from '../src/index.js';
import { PARAMS, request } from './fixtures.js';
import { expectValidCanonical, HAVE_SHARED, leaves } from './helpers.js';

const SVC = {
  tpEmis: '6',
  since: new Date('2026-11-21T22:10:00Z'),
  justification: 'SEFAZ-SP sem resposta (cStat 108): emissao em SVC-AN',
} as const;

const RESP_TEC = ResponsavelTecnico.from({
  cnpj: '11222333000181',
  contato: 'Equipe Emissor',
  email: 'fiscal@example.com',
  fone: '11999998888',
  csrt_id: '01',
  csrt: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
});

describe('reissueInSvc', () => {
  const normal = buildNfe({ ...request(), ...PARAMS });

  it('gives tpEmis 6, dhCont and xJust after verProc, and a chave differing at position 35 and the check digit', () => {
    const { xml, chave } = reissueInSvc(normal.xml, SVC);
    expect(chave.slice(0, 34)).toBe(normal.chave.slice(0, 34));
    expect(chave.charAt(34)).toBe('6');
    expect(chave.slice(35, 43)).toBe(normal.chave.slice(35, 43));
    expect(chave.charAt(43)).toBe(modulo11CheckDigit(chave.slice(0, 43)));
    const values = leaves(xml);
    expect(values.get('NFe/infNFe/ide/tpEmis')).toBe('6');
    expect(values.get('NFe/infNFe/ide/cDV')).toBe(chave.charAt(43));
    expect(values.get('NFe/infNFe/ide/dhCont')).toBe('2026-11-21T19:10:00-03:00');
    expect(values.get('NFe/infNFe/ide/xJust')).toBe(SVC.justification);
    expect(xml).toContain(`<infNFe Id="NFe${chave}" versao="4.00">`);
    expect(xml).toMatch(/<\/verProc><dhCont>[^<]+<\/dhCont><xJust>[^<]+<\/xJust>/);
    // Everything else is the document as it was.
    const back = xml
      .replace(/<dhCont>[^<]+<\/dhCont><xJust>[^<]+<\/xJust>/, '')
      .replace('<tpEmis>6</tpEmis>', '<tpEmis>1</tpEmis>')
      .replace(/<cDV>\d<\/cDV>/, `<cDV>${normal.chave.charAt(43)}</cDV>`)
      .replace(chave, normal.chave);
    expect(back).toBe(normal.xml);
  });

  it.skipIf(!HAVE_SHARED)('is valid under the official schemas and canonical', () => {
    expectValidCanonical(reissueInSvc(normal.xml, { ...SVC, tpEmis: '7' }).xml);
  });

  it('drops the signature of a signed document, to be signed again', () => {
    const signed = normal.xml.replace(
      '</NFe>',
      '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/></Signature></NFe>',
    );
    const { xml } = reissueInSvc(signed, SVC);
    expect(xml).not.toContain('Signature');
    expect(xml.endsWith('</infNFe></NFe>')).toBe(true);
  });

  it('writes hashCSRT again for the new chave', () => {
    const withRespTec = prepareNfe(request(), { responsavelTecnico: RESP_TEC }).render(PARAMS);
    const { xml, chave } = reissueInSvc(withRespTec.xml, SVC, RESP_TEC);
    expect(xml).toContain(RESP_TEC.render(chave));
    expect(xml).not.toContain(RESP_TEC.render(withRespTec.chave));
    expect(() => reissueInSvc(withRespTec.xml, SVC)).toThrow(NfeValidationError);
  });

  it('refuses a document already in contingency, and a justification out of 15–256 characters', () => {
    const once = reissueInSvc(normal.xml, SVC);
    expect(() => reissueInSvc(once.xml, SVC)).toThrow(/only a normal emission/);
    expect(() => reissueInSvc(normal.xml, { ...SVC, justification: 'curta demais' })).toThrow(
      NfeValidationError,
    );
    expect(() => reissueInSvc(normal.xml, { ...SVC, justification: 'x'.repeat(257) })).toThrow(
      NfeValidationError,
    );
    expect(() => reissueInSvc('<NFe/>', SVC)).toThrow(/no infNFe Id/);
  });
});
