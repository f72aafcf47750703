import { describe, expect, it } from 'vitest';

import { DanfeError, renderDanfe, type DanfeErrorCode } from '../src/index.js';
import { build, nfeProc, request, sign } from './fixtures.js';
import { makePng } from './png.js';

const { xml: NFE, chave: CHAVE } = build(request(1));

async function rejection(promise: Promise<unknown>): Promise<DanfeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DanfeError);
    return error as DanfeError;
  }
  throw new Error('expected a rejection');
}

async function expectCode(xml: string, code: DanfeErrorCode, path?: string): Promise<DanfeError> {
  const error = await rejection(renderDanfe(xml));
  expect(error.code).toBe(code);
  if (path !== undefined) expect(error.path).toBe(path);
  return error;
}

describe('renderDanfe rejects XML it cannot render, with a DanfeError code', () => {
  it.each([
    ['an unclosed element', NFE.slice(0, -10)],
    ['mismatched end tags', '<NFe><infNFe></NFe></infNFe>'],
    ['an undeclared entity', NFE.replace('Centro', 'Centro &nbsp;')],
    ['a bare ampersand', NFE.replace('Centro', 'Centro & Cia')],
    ['text after the root', `${NFE}trailing`],
    ['two roots', `${NFE}${NFE}`],
    ['an empty string', ''],
    ['a bad attribute', NFE.replace('versao="4.00"', 'versao=4.00')],
  ])('malformed_xml: %s', async (_name, xml) => {
    await expectCode(xml, 'malformed_xml');
  });

  it('unsupported_document: a DOCTYPE (never in an NF-e; refusing it rules out entity expansion)', async () => {
    await expectCode(`<!DOCTYPE NFe [<!ENTITY x "y">]>${NFE}`, 'unsupported_document');
  });

  it('not_nfe: another root, or an NFe without infNFe', async () => {
    await expectCode('<cteProc versao="4.00"><CTe/></cteProc>', 'not_nfe');
    await expectCode('<nfeProc versao="4.00"><protNFe/></nfeProc>', 'not_nfe');
    await expectCode('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"></NFe>', 'not_nfe');
  });

  it('unsupported_document: another layout version or an NFC-e (model 65)', async () => {
    await expectCode(NFE.replace('versao="4.00"', 'versao="3.10"'), 'unsupported_document');
    await expectCode(NFE.replace('<mod>55</mod>', '<mod>65</mod>'), 'unsupported_document');
  });

  it('missing_field: a field the DANFE prints, named by its path', async () => {
    await expectCode(NFE.replace(/<nNF>\d+<\/nNF>/, ''), 'missing_field', 'infNFe/ide/nNF');
    await expectCode(
      NFE.replace(/<emit>.*?<\/emit>/, '<emit></emit>'),
      'missing_field',
      'infNFe/emit/CNPJ',
    );
    await expectCode(NFE.replace(/<det nItem="1">.*<\/det>/, ''), 'missing_field', 'infNFe/det');
    await expectCode(
      NFE.replace(/<vNF>[^<]*<\/vNF>/, ''),
      'missing_field',
      'infNFe/total/ICMSTot/vNF',
    );
    await expectCode(NFE.replace(/ Id="[^"]*"/, ''), 'missing_field', 'infNFe/@Id');
  });

  it('invalid_field: a chave with a wrong check digit or shape, a value that is not a decimal', async () => {
    const wrongDv = CHAVE.slice(0, 43) + String((Number(CHAVE.charAt(43)) + 1) % 10);
    await expectCode(NFE.replace(`NFe${CHAVE}`, `NFe${wrongDv}`), 'invalid_field', 'infNFe/@Id');
    await expectCode(
      NFE.replace(`NFe${CHAVE}`, `NFe${CHAVE.slice(1)}`),
      'invalid_field',
      'infNFe/@Id',
    );
    await expectCode(
      NFE.replace(/<qCom>[^<]*<\/qCom>/, '<qCom>2,0000</qCom>'),
      'invalid_field',
      'infNFe/det[1]/prod/qCom',
    );
  });

  it('invalid_field: a protocol for another chave', async () => {
    const other = `${CHAVE.slice(0, 25)}000000027${CHAVE.slice(34)}`;
    const error = await expectCode(nfeProc(sign(NFE), CHAVE, { chave: other }), 'invalid_field');
    expect(error.path).toBe('protNFe/infProt/chNFe');
  });

  it('renders nothing from the same XML after a rejection: the error is the whole answer', async () => {
    await expectCode(NFE.replace('<mod>55</mod>', '<mod>65</mod>'), 'unsupported_document');
    const pdf = await renderDanfe(NFE);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});

describe('renderDanfe rejects bad options', () => {
  it.each([
    [{ quantityDecimals: 5 }],
    [{ quantityDecimals: -1 }],
    [{ quantityDecimals: 1.5 }],
    [{ unitPriceDecimals: 11 }],
    [{ createdAt: new Date('not a date') }],
  ])('invalid_option: %j', async (options) => {
    const error = await rejection(renderDanfe(NFE, options));
    expect(error.code).toBe('invalid_option');
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['random bytes', Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])],
    ['a truncated PNG', makePng(16, true).subarray(0, 60)],
    ['a PNG whose image data is corrupt', corruptIdat(makePng(16, true))],
    ['a JPEG header and garbage', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2, 0xff, 0xd9])],
  ])('invalid_logo: %s', async (_name, logo) => {
    const error = await rejection(renderDanfe(NFE, { logo }));
    expect(error.code).toBe('invalid_logo');
  });
});

/** Flips bytes inside the IDAT payload (the CRC no longer matches; zlib fails to inflate). */
function corruptIdat(png: Buffer): Buffer {
  const copy = Buffer.from(png);
  const at = copy.indexOf('IDAT', 0, 'latin1') + 6;
  for (let i = at; i < at + 8 && i < copy.length - 12; i++) copy[i] = (copy[i] ?? 0) ^ 0xff;
  return copy;
}
