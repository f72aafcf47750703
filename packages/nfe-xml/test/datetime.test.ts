import { describe, expect, it } from 'vitest';

import { buildNfe, localDateTime, ufInfo } from '../src/index.js';
import { ufs } from '../src/ufs.js';
import { PARAMS, request } from './fixtures.js';
import { HAVE_SHARED, schemaErrors } from './helpers.js';

describe('dhEmi and the UF table', () => {
  it('has the 27 states with their IBGE codes and offsets', () => {
    expect(Object.keys(ufs)).toHaveLength(27);
    expect(ufInfo('SP')).toEqual({ cUF: '35', utcOffset: '-03:00' });
    expect(ufInfo('AC')?.utcOffset).toBe('-05:00');
    for (const uf of ['AM', 'RO', 'RR', 'MT', 'MS'])
      expect(ufInfo(uf)?.utcOffset, uf).toBe('-04:00');
    expect(ufInfo('EX')).toBeUndefined();
    expect(ufInfo('toString')).toBeUndefined();
  });

  it('writes local time in the state offset, whole seconds, and the AAMM of local time', () => {
    const instant = new Date('2026-12-01T02:30:15.987Z');
    expect(localDateTime(instant, { cUF: '35', utcOffset: '-03:00' }).text).toBe(
      '2026-11-30T23:30:15-03:00',
    );
    expect(localDateTime(instant, { cUF: '12', utcOffset: '-05:00' }).text).toBe(
      '2026-11-30T21:30:15-05:00',
    );
    // Emitter in SP: local month is November although UTC is already December.
    const { xml, chave } = buildNfe({ ...request(), ...PARAMS, issuedAt: instant });
    expect(xml).toContain('<dhEmi>2026-11-30T23:30:15-03:00</dhEmi>');
    expect(chave.slice(2, 6)).toBe('2611');
  });

  it('uses the emitter state offset in the document', () => {
    const e = request().emitente;
    const { xml } = buildNfe({
      ...request({ emitente: { ...e, address_state: 'AM', address_city_ibge_code: '1302603' } }),
      ...PARAMS,
    });
    expect(xml).toContain('<dhEmi>2026-11-21T18:30:00-04:00</dhEmi>');
    expect(xml).toContain('<cUF>13</cUF>');
  });
});

describe.skipIf(!HAVE_SHARED)('the schema check itself', () => {
  it('catches an invalid document (so "no errors" means something)', () => {
    const { xml } = buildNfe({ ...request(), ...PARAMS });
    expect(schemaErrors(xml)).toEqual([]);
    expect(schemaErrors(xml.replace('<nNF>26</nNF>', '<nNF>026</nNF>')).length).toBe(2);
    expect(
      schemaErrors(xml.replace('<xNome>EMPRESA TESTE LTDA</xNome>', '<xNome> EMPRESA</xNome>'))
        .length,
    ).toBe(2);
  });
});
