import { validateNfeXml, sharedDir } from '@emissor/test-support';
import { describe, expect, it } from 'vitest';

import { groupKey, renderDanfe } from '../src/index.js';
import { build, nfeProc, request, sign } from './fixtures.js';
import { decodeBarcodes, HAVE_TOOLS, pagesText, rawText } from './pdf-tools.js';

/*
 * An NF-e issued in SVC-AN by @emissor/nfe-xml (tpEmis 6 in ide and in the chave, dhCont, xJust),
 * signed, authorised by the SVC and printed. MOC Anexo II §3.9.1 gives SVC issue the normal
 * layout: one barcode (the chave), the consultation text, the authorisation protocol; the
 * contingency itself is told in Informações Complementares.
 */

const SVC_AN = {
  tpEmis: '6',
  // 18:00 in São Paulo, an hour and a half before the fixtures' dhEmi (19:30:00-03:00).
  since: new Date('2026-11-21T21:00:00Z'),
  justification: 'SEFAZ-SP fora do ar desde as 18h (cStat 109)',
} as const;

const NOTICE =
  'EMITIDA EM CONTINGÊNCIA SVC-AN EM 21/11/2026 18:00:00 - JUSTIFICATIVA: SEFAZ-SP fora do ar desde as 18h (cStat 109)';

describe.skipIf(!HAVE_TOOLS)('DANFE of an NF-e issued in SVC-AN (tpEmis 6)', () => {
  const normal = build(request(1));
  const { xml, chave } = build(request(1), { contingency: SVC_AN });
  const signed = sign(xml);

  it('is built with its own chave: tpEmis 6 at position 35', () => {
    expect(chave.charAt(34)).toBe('6');
    expect(chave).not.toBe(normal.chave);
    expect(chave.slice(0, 34)).toBe(normal.chave.slice(0, 34));
    if (sharedDir()) expect(validateNfeXml(signed, 'PL_009_V4')).toEqual([]);
  });

  it('prints the notice, one barcode of the new chave, the consultation text and the protocol', async () => {
    const pdf = await renderDanfe(nfeProc(signed, chave));
    expect(await decodeBarcodes(pdf, 1)).toEqual([chave]);
    const text = pagesText(pdf).join('\n');
    const flow = rawText(pdf).replace(/\s+/g, ' ');
    expect(flow).toContain(NOTICE);
    expect(text).toContain(groupKey(chave));
    expect(flow).toContain('Consulta de autenticidade no portal nacional da NF-e');
    expect(text).toContain('PROTOCOLO DE AUTORIZAÇÃO DE USO');
    expect(text).toContain('135260000012345');
    // Not the security-paper layout of FS/FS-DA, and authorised: no marks.
    expect(text).not.toContain('DADOS DA NF-E');
    expect(text).not.toContain('SEM VALOR FISCAL');
  });

  it('is marked not authorised without the SVC protocol, unlike a DANFE on security paper', async () => {
    const pdf = await renderDanfe(signed);
    const flow = rawText(pdf).replace(/\s+/g, ' ');
    expect(flow).toContain('SEM VALOR FISCAL - NÃO AUTORIZADA');
    expect(flow).toContain(NOTICE);
    expect(await decodeBarcodes(pdf, 1)).toEqual([chave]);
  });
});
