import { describe, expect, it } from 'vitest';

import { verifyElement } from '@emissor/signer';
import { sharedDir } from '@emissor/test-support';

import { emitterCredentials, emitterPfx, EMITTER_CNPJ, signedNfe } from '../../test/fixtures.js';
import {
  xmllintAvailable,
  xmllintErrors,
  xmlsec1Available,
  xmlsec1Verifies,
} from '../../test/tools.js';
import { SefazMessageError } from './errors.js';
import { buildEnviNFe, buildEnviNFeParts, MAX_MESSAGE_BYTES } from './envi-nfe.js';
import {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  buildEnvEvento,
  signEvento,
} from './evento.js';
import { buildInutNFe, signInutNFe } from './inut-nfe.js';
import { buildConsReciNFe, buildConsSitNFe, buildConsStatServ } from './queries.js';

const CORE = ['PL_009_V4', 'PL_010b_NT2025_002_v1.30'] as const;
const CANCEL = ['eventos', 'evento_cancelamento_110111'] as const;
const CCE = ['eventos', 'evento_cce_110110'] as const;
const schemasPresent = sharedDir() !== undefined && xmllintAvailable;

const nfe1 = signedNfe(1);
const nfe2 = signedNfe(2);

const cancelamento = () =>
  signEvento(
    buildCancelamentoEvento({
      ambiente: 'homologacao',
      autor: { cnpj: EMITTER_CNPJ },
      chave: nfe1.chave,
      dhEvento: '2026-11-21T20:00:00-03:00',
      nProt: '135260000000001',
      justificativa: 'Pedido cancelado pelo cliente & devolvido',
    }),
    emitterCredentials,
  );

const cartaCorrecao = (nSeqEvento: number) =>
  signEvento(
    buildCartaCorrecaoEvento({
      ambiente: 'homologacao',
      autor: { cnpj: EMITTER_CNPJ },
      chave: nfe1.chave,
      dhEvento: '2026-11-21T20:00:00-03:00',
      nSeqEvento,
      correcao: 'Endereço de entrega: Rua <Nova>, 10',
    }),
    emitterCredentials,
  );

const inutilizacao = () =>
  signInutNFe(
    buildInutNFe({
      ambiente: 'homologacao',
      cUF: '35',
      ano: '26',
      cnpj: EMITTER_CNPJ,
      serie: 1,
      numeroInicial: 5,
      numeroFinal: 7,
      justificativa: 'Numeracao pulada por falha do sistema',
    }),
    emitterCredentials,
  );

describe.skipIf(!schemasPresent)('every message validates against its official schema', () => {
  it.each(CORE)(
    'enviNFe (sync single note and async lot), consReciNFe, consSitNFe, consStatServ, inutNFe under %s',
    (pack) => {
      const sync = buildEnviNFe({ idLote: '1', sincrono: true, nfes: [nfe1.xml] });
      expect(xmllintErrors(sync, pack, 'enviNFe_v4.00.xsd')).toEqual([]);
      const lot = buildEnviNFe({
        idLote: '123456789012345',
        sincrono: false,
        nfes: [nfe1.xml, nfe2.xml],
      });
      expect(xmllintErrors(lot, pack, 'enviNFe_v4.00.xsd')).toEqual([]);
      const nRec = '351000109901280';
      expect(
        xmllintErrors(
          buildConsReciNFe({ ambiente: 'homologacao', nRec }),
          pack,
          'consReciNFe_v4.00.xsd',
        ),
      ).toEqual([]);
      expect(
        xmllintErrors(
          buildConsSitNFe({ ambiente: 'producao', chave: nfe1.chave }),
          pack,
          'consSitNFe_v4.00.xsd',
        ),
      ).toEqual([]);
      expect(
        xmllintErrors(
          buildConsStatServ({ ambiente: 'homologacao', cUF: '35' }),
          pack,
          'consStatServ_v4.00.xsd',
        ),
      ).toEqual([]);
      expect(xmllintErrors(inutilizacao(), pack, 'inutNFe_v4.00.xsd')).toEqual([]);
    },
  );

  it('the cancel evento and its envEvento under the 110111 pack', () => {
    const evento = cancelamento();
    expect(xmllintErrors(evento, ...CANCEL, 'eventoCancNFe_v1.00.xsd')).toEqual([]);
    const lot = buildEnvEvento({ idLote: '42', eventos: [evento] });
    expect(xmllintErrors(lot, ...CANCEL, 'envEventoCancNFe_v1.00.xsd')).toEqual([]);
  });

  it('CC-e eventos and a lot of two under the 110110 pack', () => {
    expect(xmllintErrors(cartaCorrecao(1), ...CCE, 'CCe_v1.00.xsd')).toEqual([]);
    const lot = buildEnvEvento({ idLote: '7', eventos: [cartaCorrecao(1), cartaCorrecao(20)] });
    expect(xmllintErrors(lot, ...CCE, 'envCCe_v1.00.xsd')).toEqual([]);
  });

  it('a broken message fails, so the checks above can fail', () => {
    const bad = buildConsStatServ({ ambiente: 'homologacao', cUF: '35' }).replace(
      'STATUS',
      'STATU',
    );
    expect(xmllintErrors(bad, 'PL_009_V4', 'consStatServ_v4.00.xsd').length).toBeGreaterThan(0);
  });
});

describe('signatures of evento and infInut', () => {
  it('verify with @emissor/signer, and the NF-e inside a lot still verify', () => {
    expect(verifyElement(cancelamento(), 'infEvento')).toMatchObject({ valid: true });
    expect(verifyElement(cartaCorrecao(2), 'infEvento')).toMatchObject({ valid: true });
    expect(verifyElement(inutilizacao(), 'infInut')).toMatchObject({ valid: true });
    const lot = buildEnviNFe({ idLote: '1', sincrono: false, nfes: [nfe1.xml, nfe2.xml] });
    expect(verifyElement(lot, 'infNFe', 0)).toMatchObject({ valid: true });
    expect(verifyElement(lot, 'infNFe', 1)).toMatchObject({ valid: true });
  });

  it.skipIf(!xmlsec1Available)('verify with xmlsec1, inside their lots too', () => {
    const cert = emitterPfx.certificatePem;
    expect(xmlsec1Verifies(cancelamento(), 'infEvento', cert)).toBe(true);
    expect(
      xmlsec1Verifies(
        buildEnvEvento({ idLote: '1', eventos: [cartaCorrecao(3)] }),
        'infEvento',
        cert,
      ),
    ).toBe(true);
    expect(xmlsec1Verifies(inutilizacao(), 'infInut', cert)).toBe(true);
    expect(
      xmlsec1Verifies(inutilizacao().replace('<nNFFin>7<', '<nNFFin>8<'), 'infInut', cert),
    ).toBe(false);
    expect(
      xmlsec1Verifies(
        buildEnviNFe({ idLote: '1', sincrono: true, nfes: [nfe1.xml] }),
        'infNFe',
        cert,
      ),
    ).toBe(true);
  });
});

describe('message contents', () => {
  it('builds the Ids SEFAZ checks (572 for events, inutilização Id of 43 characters)', () => {
    expect(cancelamento()).toContain(`<infEvento Id="ID110111${nfe1.chave}01">`);
    expect(cartaCorrecao(12)).toContain(`<infEvento Id="ID110110${nfe1.chave}12">`);
    expect(cartaCorrecao(12)).toContain('<cOrgao>35</cOrgao>');
    expect(inutilizacao()).toContain(`<infInut Id="ID3526${EMITTER_CNPJ}55001000000005000000007">`);
    expect(inutilizacao()).toContain('<serie>1</serie><nNFIni>5</nNFIni><nNFFin>7</nNFFin>');
  });

  it('escapes text and keeps the NF-e bytes inside enviNFe', () => {
    expect(cartaCorrecao(1)).toContain(
      '<xCorrecao>Endereço de entrega: Rua &lt;Nova&gt;, 10</xCorrecao>',
    );
    const lot = buildEnviNFe({ idLote: '9', sincrono: true, nfes: [nfe1.xml] });
    expect(lot).toBe(
      `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>9</idLote><indSinc>1</indSinc>${nfe1.xml.replace(/^<\?xml[^>]*>/, '')}</enviNFe>`,
    );
  });

  it('builds the same lot in pieces: its opening, each NF-e as given, its close', () => {
    const input = { idLote: '9', sincrono: false, nfes: [nfe1.xml, nfe2.xml] };
    const parts = buildEnviNFeParts(input);
    expect(parts.join('')).toBe(buildEnviNFe(input));
    expect(parts.slice(1, -1)).toEqual(
      [nfe1.xml, nfe2.xml].map((x) => x.replace(/^<\?xml[^>]*>/, '')),
    );
    // The 500 KB limit counts the pieces' bytes together.
    const big = nfe1.xml.replace('</NFe>', `${'x'.repeat(MAX_MESSAGE_BYTES / 2)}</NFe>`);
    expect(() => buildEnviNFeParts({ ...input, nfes: [big, big] })).toThrow(SefazMessageError);
    expect(buildEnviNFeParts({ ...input, nfes: [big] })).toHaveLength(3);
  });

  it('refuses input the schema would refuse, naming the field', () => {
    const field = (run: () => unknown): string | undefined => {
      try {
        run();
        return undefined;
      } catch (error) {
        return error instanceof SefazMessageError ? error.field : 'other';
      }
    };
    expect(field(() => buildEnviNFe({ idLote: '', sincrono: true, nfes: [nfe1.xml] }))).toBe(
      'idLote',
    );
    expect(field(() => buildEnviNFe({ idLote: '1', sincrono: true, nfes: [] }))).toBe('nfes');
    expect(field(() => buildEnviNFe({ idLote: '1', sincrono: true, nfes: ['<nfeProc/>'] }))).toBe(
      'nfes[0]',
    );
    expect(field(() => buildConsSitNFe({ ambiente: 'homologacao', chave: '123' }))).toBe('chave');
    expect(field(() => buildConsReciNFe({ ambiente: 'homologacao', nRec: '12' }))).toBe('nRec');
    const cancel = {
      ambiente: 'homologacao' as const,
      autor: { cnpj: EMITTER_CNPJ },
      chave: nfe1.chave,
      nProt: '135260000000001',
    };
    expect(
      field(() =>
        buildCancelamentoEvento({
          ...cancel,
          dhEvento: '2026-11-21T20:00:00Z',
          justificativa: 'x'.repeat(20),
        }),
      ),
    ).toBe('dhEvento');
    expect(
      field(() =>
        buildCancelamentoEvento({
          ...cancel,
          dhEvento: '2026-11-21T20:00:00-03:00',
          justificativa: 'curta',
        }),
      ),
    ).toBe('justificativa');
    expect(
      field(() =>
        buildCancelamentoEvento({
          ...cancel,
          dhEvento: '2026-11-21T20:00:00-03:00',
          justificativa: 'linha um\nlinha dois',
        }),
      ),
    ).toBe('justificativa');
    expect(
      field(() =>
        buildCartaCorrecaoEvento({
          ...cancel,
          dhEvento: '2026-11-21T20:00:00-03:00',
          nSeqEvento: 21,
          correcao: 'x'.repeat(20),
        }),
      ),
    ).toBe('nSeqEvento');
    expect(
      field(() =>
        buildEnvEvento({
          idLote: '1',
          eventos: [
            buildCartaCorrecaoEvento({
              ...cancel,
              dhEvento: '2026-11-21T20:00:00-03:00',
              nSeqEvento: 1,
              correcao: 'x'.repeat(20),
            }),
          ],
        }),
      ),
    ).toBe('eventos[0]');
    const inut = {
      ambiente: 'homologacao' as const,
      cUF: '35',
      ano: '26',
      cnpj: EMITTER_CNPJ,
      serie: 1,
      justificativa: 'x'.repeat(20),
    };
    expect(field(() => buildInutNFe({ ...inut, numeroInicial: 9, numeroFinal: 8 }))).toBe(
      'numeroFinal',
    );
    expect(
      field(() => buildInutNFe({ ...inut, serie: 1000, numeroInicial: 1, numeroFinal: 1 })),
    ).toBe('serie');
  });
});
