import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { sharedDir, sharedPath } from '@emissor/test-support';

import { SEFAZ_SERVICE_NAMES, soapAction } from '../services.js';
import { autorizadorOf, cUFOf, EndpointError, resolveEndpoint, ufOfCUF, UFS } from './resolve.js';
import { ENDPOINT_TABLE, UF_AUTHORISERS } from './table.js';

function csv(file: string): Record<string, string>[] {
  const [header = '', ...lines] = readFileSync(sharedPath('research', file), 'utf8')
    .trim()
    .split(/\r?\n/);
  const names = header.split(',');
  return lines.map((line) =>
    Object.fromEntries(line.split(',').map((value, i) => [names[i] ?? '', value])),
  );
}

describe.skipIf(!sharedDir())('the generated table is the research CSV', () => {
  it('every row of the six services, and nothing else', () => {
    const rows = csv('sefaz-endpoints.csv').filter((row) =>
      (SEFAZ_SERVICE_NAMES as readonly string[]).includes(row.operation ?? ''),
    );
    const fromCsv = rows
      .map((r) => `${r.autorizador} ${r.ambiente} ${r.operation} ${r.method} ${r.url}`)
      .sort();
    const fromTable = Object.entries(ENDPOINT_TABLE).flatMap(([autorizador, byAmbiente]) =>
      Object.entries(byAmbiente).flatMap(([ambiente, services]) =>
        Object.entries(services as Record<string, { url: string; method: string }>).map(
          ([service, entry]) =>
            `${autorizador} ${ambiente} ${service} ${entry.method} ${entry.url}`,
        ),
      ),
    );
    expect(fromTable.sort()).toEqual(fromCsv);
    expect(fromCsv.length).toBe(14 * 2 * 6 + 2);
  });

  it('every UF with its authoriser and SVC', () => {
    const rows = csv('sefaz-uf-autorizador.csv');
    expect(rows).toHaveLength(27);
    for (const row of rows)
      expect(UF_AUTHORISERS[row.uf as keyof typeof UF_AUTHORISERS]).toEqual({
        cUF: row.cUF,
        autorizador: row.autorizador_normal,
        svc: row.svc_contingencia,
      });
  });
});

describe('resolveEndpoint', () => {
  it('gives every UF, ambiente and service a URL from its own SEFAZ or SVRS/SVAN, and SVC-AN/SVC-RS in contingency', () => {
    for (const uf of UFS)
      for (const ambiente of ['homologacao', 'producao'] as const)
        for (const service of SEFAZ_SERVICE_NAMES) {
          const endpoint = resolveEndpoint({ uf, ambiente, service });
          expect(endpoint.url).toMatch(/^https:\/\//);
          expect(endpoint.autorizador).toBe(autorizadorOf(uf));
          if (service !== 'NFeInutilizacao4' && service !== 'NFeRecepcaoEvento4')
            expect(
              resolveEndpoint({ uf, ambiente, service, contingencia: true }).autorizador,
            ).toMatch(/^SVC(AN|RS)$/);
        }
  });

  it('knows the split of sefaz.md §2.1', () => {
    expect(
      resolveEndpoint({ uf: 'SP', ambiente: 'homologacao', service: 'NFeAutorizacao4' }).url,
    ).toBe('https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx');
    expect(
      resolveEndpoint({ uf: 'SC', ambiente: 'producao', service: 'NFeStatusServico4' }),
    ).toMatchObject({
      autorizador: 'SVRS',
      url: 'https://nfe.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx',
    });
    expect(
      resolveEndpoint({ uf: 'MA', ambiente: 'producao', service: 'NFeStatusServico4' }).autorizador,
    ).toBe('SVAN');
    expect(
      resolveEndpoint({
        uf: 'BA',
        ambiente: 'producao',
        service: 'NFeAutorizacao4',
        contingencia: true,
      }).autorizador,
    ).toBe('SVCRS');
    expect(
      resolveEndpoint({
        uf: 'MG',
        ambiente: 'producao',
        service: 'NFeAutorizacao4',
        contingencia: true,
      }).autorizador,
    ).toBe('SVCAN');
    // PR's receipt query uses another operation name in the table.
    expect(
      resolveEndpoint({ uf: 'PR', ambiente: 'producao', service: 'NFeRetAutorizacao4' }).soapAction,
    ).toBe('http://www.portalfiscal.inf.br/nfe/wsdl/NFeRetAutorizacao4/nfeRetAutorizacao');
    expect(cUFOf('SP')).toBe('35');
    expect(ufOfCUF('53')).toBe('DF');
    expect(ufOfCUF('99')).toBeUndefined();
  });

  it('SEFAZ_URL replaces every endpoint with <override>/<service>', () => {
    expect(
      resolveEndpoint({
        uf: 'RS',
        ambiente: 'producao',
        service: 'NFeInutilizacao4',
        override: 'https://127.0.0.1:8443/',
      }),
    ).toEqual({
      url: 'https://127.0.0.1:8443/NFeInutilizacao4',
      service: 'NFeInutilizacao4',
      soapAction: 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeInutilizacao4/nfeInutilizacaoNF',
      autorizador: 'override',
    });
  });

  describe('SEFAZ_SVC_URL (svcOverride) in contingency', () => {
    const query = {
      uf: 'BA',
      ambiente: 'producao',
      service: 'NFeAutorizacao4',
      contingencia: true,
    } as const;

    it('replaces every SVC endpoint with <svcOverride>/<service>', () => {
      for (const service of SEFAZ_SERVICE_NAMES)
        expect(
          resolveEndpoint({
            ...query,
            service,
            override: 'https://127.0.0.1:8443',
            svcOverride: 'https://127.0.0.1:9443/svc//',
          }),
        ).toEqual({
          url: `https://127.0.0.1:9443/svc/${service}`,
          service,
          soapAction: soapAction(service),
          autorizador: 'svc_override',
        });
    });

    it('is ignored outside contingency, where SEFAZ_URL or the table decide', () => {
      const svcOverride = 'https://127.0.0.1:9443';
      expect(resolveEndpoint({ ...query, contingencia: false, svcOverride }).autorizador).toBe(
        'BA',
      );
      expect(
        resolveEndpoint({
          ...query,
          contingencia: false,
          override: 'https://127.0.0.1:8443',
          svcOverride,
        }).url,
      ).toBe('https://127.0.0.1:8443/NFeAutorizacao4');
    });

    it('refuses contingency with SEFAZ_URL alone rather than send SVC traffic there', () => {
      expect(() => resolveEndpoint({ ...query, override: 'https://127.0.0.1:8443' })).toThrow(
        EndpointError,
      );
      expect(() => resolveEndpoint({ ...query, override: 'https://127.0.0.1:8443' })).toThrow(
        /SEFAZ_SVC_URL/,
      );
    });

    it('uses the table when neither is set (an empty setting is none)', () => {
      expect(resolveEndpoint({ ...query, override: '', svcOverride: '' })).toMatchObject({
        autorizador: 'SVCRS',
        url: 'https://nfe.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      });
    });
  });

  it('refuses unknown UFs', () => {
    expect(() =>
      resolveEndpoint({ uf: 'XX' as 'SP', ambiente: 'producao', service: 'NFeStatusServico4' }),
    ).toThrow(EndpointError);
  });
});
