import { MAX_NFE_BYTES } from '@emissor/sefaz';
import { signNfe, type SigningCredentials } from '@emissor/signer';

import { RequestValidationFailure } from '../../errors.js';
import { LAST_NUMBER, type NumberableNfe } from './emission-job.js';
import { asRequestValidationFailure } from './numberable-nfe.js';

/** An unsigned NF-e with nothing in it but an Id as long as every NF-e's ("NFe" + the chave). */
const EMPTY_NFE =
  '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">' +
  `<infNFe Id="NFe${'0'.repeat(44)}" versao="4.00"></infNFe></NFe>`;

/** A cNF valid with any number (8 digits, not a trivial sequence, never a 9-digit nNF). */
const ANY_CODIGO_NUMERICO = '31415926';

const signatureBytesCache = new WeakMap<SigningCredentials, number>();

/**
 * The bytes a signature with `credentials` adds to an NF-e. Each of its parts has one size for a
 * given key and certificate, whatever the document: the reference is "#NFe" + 44 digits, the SHA-1
 * digest 28 base64 characters, the RSA signature as long as the key's modulus, then the
 * certificate itself. So the signer measures it once, on an empty NF-e, and the figure is exact.
 */
function signatureBytes(credentials: SigningCredentials): number {
  let bytes = signatureBytesCache.get(credentials);
  if (bytes === undefined) {
    bytes =
      Buffer.byteLength(signNfe(EMPTY_NFE, credentials), 'utf8') -
      Buffer.byteLength(EMPTY_NFE, 'utf8');
    signatureBytesCache.set(credentials, bytes);
  }
  return bytes;
}

/**
 * `nfe` numbered for the largest size it can have: with a nine-digit number (the longest nNF; the
 * chave, cNF and dhEmi have fixed lengths, and so has infRespTec's hashCSRT). Signed, it is exactly
 * as large as a document numbered with nine digits, and at most 8 bytes larger than one with fewer.
 * Rendering with the emission's instant is also where the rules tying the request to dhEmi's date
 * run (dhSaiEnt 504–506, due dates 900/853/797, batches 877, the years of referenced notes, the
 * IBS/CBS rates of the year): they are 422s here, after the idempotency key's replay and before a
 * number is taken.
 */
function renderedAtLongest(nfe: NumberableNfe, issuedAt: Date): string {
  try {
    return nfe.render({ numero: LAST_NUMBER, codigoNumerico: ANY_CODIGO_NUMERICO, issuedAt }).xml;
  } catch (error) {
    throw asRequestValidationFailure(error);
  }
}

const grouped = (n: number) => n.toLocaleString('en-US');

/**
 * Refuses (422 `document_too_large`) an NF-e that SEFAZ could never accept: one whose signed XML
 * would not fit a lot of its own (500 KB for the whole enviNFe, cStat 214). Run before a number is
 * taken, so such a request changes nothing, instead of leaving a number stuck in transmission.
 */
export function refuseUnsendable(
  nfe: NumberableNfe,
  credentials: SigningCredentials,
  issuedAt: Date,
): void {
  const xml = renderedAtLongest(nfe, issuedAt);
  const signature = signatureBytes(credentials);
  // A UTF-16 unit is at most 3 UTF-8 bytes, so nearly every NF-e fits by its length alone; counting
  // its bytes would flatten the freshly joined XML into one more copy of it.
  if (xml.length * 3 + signature <= MAX_NFE_BYTES) return;
  const size = Buffer.byteLength(xml, 'utf8') + signature;
  if (size <= MAX_NFE_BYTES) return;
  throw new RequestValidationFailure([
    {
      loc: ['body', 'itens'],
      type: 'document_too_large',
      msg:
        `The signed NF-e would be ${grouped(size)} bytes; SEFAZ accepts at most ` +
        `${grouped(MAX_NFE_BYTES)} bytes for one NF-e (500 KB for its whole lot), so it could ` +
        'never be sent. Split the items over several NF-e, or shorten their texts.',
      ctx: { size_bytes: size, limit_bytes: MAX_NFE_BYTES },
    },
  ]);
}
