import type { NfeRequest } from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { inContingency, type ContingencyFields } from './helpers/contingency.js';
import { nfeRequest } from './helpers/documents.js';
import { builtNfe, CNPJ, RECEIVED_AT, rejectionOf } from './helpers/rule-verdict.js';

// tpEmis and the contingency fields of ide (MOC B22, B28; NT 2013.007), at a UF's own authoriser
// and at the SVC, on documents built by @emissor/nfe-xml and reissued as an issuer does.

const DAY_MS = 24 * 3_600_000;
const ISSUED_AT = new Date(RECEIVED_AT.getTime() - 60_000);
const AT_SVC = { svc: { activatedUfs: new Set(['35', '29']) } };

/** A document of the rule tests' emitter (SP) in contingency, contingency begun an hour before dhEmi. */
const note = (
  fields: Partial<ContingencyFields> & { tpEmis: string },
  request?: Partial<NfeRequest>,
) =>
  inContingency(builtNfe(request).xml, {
    dhCont: new Date(ISSUED_AT.getTime() - 3_600_000),
    ...fields,
  }).xml;

/** The same emitter in Bahia, whose SVC is SVC-RS (sefaz.md §2.1). */
const BAHIA: Partial<NfeRequest> = {
  emitente: {
    ...nfeRequest(CNPJ).emitente,
    address_city: 'SALVADOR',
    address_state: 'BA',
    address_zip: '40020000',
    address_city_ibge_code: '2927408',
  },
};

describe('tpEmis at the UF’s own authoriser', () => {
  it.each(['3', '6', '7'])('570 for tpEmis %s', (tpEmis) => {
    expect(rejectionOf(note({ tpEmis }))).toEqual({
      cStat: '570',
      xMotivo: 'Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC',
    });
  });

  it('passes a contingency it serves (FS-DA, tpEmis 5) with dhCont and xJust', () => {
    expect(rejectionOf(note({ tpEmis: '5' }))).toBeUndefined();
  });
});

describe('tpEmis at the SVC', () => {
  it('passes tpEmis 6 for SP (SVC-AN) and 7 for BA (SVC-RS)', () => {
    expect(rejectionOf(note({ tpEmis: '6' }), AT_SVC)).toBeUndefined();
    expect(rejectionOf(note({ tpEmis: '7' }, BAHIA), AT_SVC)).toBeUndefined();
  });

  it('114 for a UF whose SEFAZ never switched the SVC on', () => {
    expect(rejectionOf(note({ tpEmis: '6' }), { svc: { activatedUfs: new Set(['29']) } })).toEqual({
      cStat: '114',
      xMotivo: 'Rejeição: SVC não ativada para a SEFAZ do Emitente',
    });
  });

  it('713 for a tpEmis the SVC does not authorise', () => {
    expect(rejectionOf(builtNfe().xml, AT_SVC)).toEqual({
      cStat: '713',
      xMotivo: 'Rejeição: Tipo de Emissão diferente de 6 ou 7 para contingência da SVC acessada',
    });
    expect(rejectionOf(note({ tpEmis: '5' }), AT_SVC)?.cStat).toBe('713');
  });

  it('584 for the other SVC’s tpEmis', () => {
    expect(rejectionOf(note({ tpEmis: '7' }), AT_SVC)).toEqual({
      cStat: '584',
      xMotivo: 'Rejeição: tpEmis informado é incompatível com a SVC-AN',
    });
    expect(rejectionOf(note({ tpEmis: '6' }, BAHIA), AT_SVC)).toEqual({
      cStat: '584',
      xMotivo: 'Rejeição: tpEmis informado é incompatível com a SVC-RS',
    });
  });

  it('502 when the chave keeps tpEmis 1', () => {
    const xml = builtNfe()
      .xml.replace('<tpEmis>1</tpEmis>', '<tpEmis>6</tpEmis>')
      .replace(
        '</verProc>',
        '</verProc><dhCont>2026-11-26T08:00:00-03:00</dhCont><xJust>SEFAZ de origem fora do ar</xJust>',
      );
    expect(rejectionOf(xml, AT_SVC)?.cStat).toBe('502');
  });
});

describe('dhCont and xJust (B28)', () => {
  it('556 for dhCont and xJust with tpEmis 1', () => {
    const xml = builtNfe().xml.replace(
      '</verProc>',
      '</verProc><dhCont>2026-11-26T08:00:00-03:00</dhCont><xJust>SEFAZ de origem fora do ar</xJust>',
    );
    expect(rejectionOf(xml)).toEqual({
      cStat: '556',
      xMotivo:
        'Rejeição: Justificativa de entrada em contingência não deve ser informada para tipo de emissão normal',
    });
  });

  it.each([
    ['at the SVC', '6', AT_SVC],
    ['at the UF’s authoriser', '2', {}],
  ])('557 for a contingency note without them %s', (_where, tpEmis, context) => {
    expect(rejectionOf(note({ tpEmis, dhCont: null, xJust: null }), context)).toEqual({
      cStat: '557',
      xMotivo: 'Rejeição: A Justificativa de entrada em contingência deve ser informada',
    });
  });

  it('558 for dhCont after the reception, beyond the 5-minute tolerance', () => {
    const after = (minutes: number) =>
      rejectionOf(
        note({ tpEmis: '6', dhCont: new Date(RECEIVED_AT.getTime() + minutes * 60_000) }),
        AT_SVC,
      );
    expect(after(4)).toBeUndefined();
    expect(after(6)).toEqual({
      cStat: '558',
      xMotivo: 'Rejeição: Data de entrada em contingência posterior a data de recebimento',
    });
  });

  it('569 for dhCont more than 30 days before dhEmi', () => {
    const before = (days: number) =>
      rejectionOf(
        note({ tpEmis: '6', dhCont: new Date(ISSUED_AT.getTime() - days * DAY_MS) }),
        AT_SVC,
      );
    expect(before(29)).toBeUndefined();
    expect(before(31)).toEqual({
      cStat: '569',
      xMotivo: 'Rejeição: Data de entrada em contingência muito atrasada',
    });
  });
});
