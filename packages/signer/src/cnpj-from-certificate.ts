import { CNPJ_PATTERN } from '@emissor/nfe-xml/primitives';
import forge from 'node-forge';

/*
 * ICP-Brasil puts the company's CNPJ in a subjectAltName otherName with OID 2.16.76.1.3.3
 * (DOC-ICP-04). Its ASN.1 string type varies between CAs (OCTET STRING in the SEFAZ-RS test CA,
 * PrintableString in real e-CNPJs), so any string type is read. The CN ("RAZAO SOCIAL:CNPJ") is
 * only a fallback.
 */

const CNPJ_OID = '2.16.76.1.3.3';
const SAN_OID = '2.5.29.17';

/** A CNPJ written with its usual punctuation: 06.157.250/0001-16. */
const FORMATTED_CNPJ = /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-[0-9]{2}$/;

/** A CNPJ as written, or undefined: bare 14 characters, or fully punctuated. */
export function normalizeCnpj(value: string): string | undefined {
  const trimmed = value.trim().toUpperCase();
  if (CNPJ_PATTERN.test(trimmed)) return trimmed;
  if (FORMATTED_CNPJ.test(trimmed)) return trimmed.replace(/[./-]/g, '');
  return undefined;
}

function decodeAsn1String(node: forge.asn1.Asn1): string | undefined {
  if (typeof node.value !== 'string') return undefined;
  switch (node.type) {
    case forge.asn1.Type.UTF8:
      return forge.util.decodeUtf8(node.value);
    case forge.asn1.Type.BMPSTRING: {
      let out = '';
      for (let i = 0; i + 1 < node.value.length; i += 2)
        out += String.fromCharCode((node.value.charCodeAt(i) << 8) | node.value.charCodeAt(i + 1));
      return out;
    }
    default:
      // OCTET STRING, PrintableString, IA5String, VisibleString, T61String: bytes as Latin-1.
      return node.value;
  }
}

/** The value of the 2.16.76.1.3.3 otherName in the certificate's subjectAltName, if any. */
export function cnpjFromSubjectAltName(cert: forge.pki.Certificate): string | undefined {
  const extension = (cert.extensions as { id?: string; value?: string }[]).find(
    (e) => e.id === SAN_OID,
  );
  if (typeof extension?.value !== 'string') return undefined;
  const san = forge.asn1.fromDer(extension.value);
  if (!Array.isArray(san.value)) return undefined;
  for (const generalName of san.value) {
    // otherName ::= [0] { type-id OBJECT IDENTIFIER, value [0] EXPLICIT ANY }
    // The tag number of a context-specific node is not a universal Type, hence the Number() cast.
    if (
      generalName.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC ||
      Number(generalName.type) !== 0
    )
      continue;
    if (!Array.isArray(generalName.value)) continue;
    const [oid, wrapper] = generalName.value;
    if (oid?.type !== forge.asn1.Type.OID || typeof oid.value !== 'string') continue;
    if (forge.asn1.derToOid(oid.value) !== CNPJ_OID) continue;
    const inner = Array.isArray(wrapper?.value) ? wrapper.value[0] : undefined;
    const text = inner ? decodeAsn1String(inner) : undefined;
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * The certificate's CNPJ: the SAN otherName 2.16.76.1.3.3 when it holds a valid CNPJ, otherwise a
 * CN of the form `NAME:CNPJ` or a CN that is itself a CNPJ (punctuation such as
 * `06.157.250/0001-16` is removed). Undefined when neither is there.
 */
export function cnpjFromCertificate(
  cert: forge.pki.Certificate,
  commonName: string,
): string | undefined {
  const fromSan = cnpjFromSubjectAltName(cert);
  const sanCnpj = fromSan === undefined ? undefined : normalizeCnpj(fromSan);
  if (sanCnpj) return sanCnpj;
  const colon = commonName.lastIndexOf(':');
  return normalizeCnpj(colon >= 0 ? commonName.slice(colon + 1) : commonName);
}

/**
 * The CNPJ of a DER certificate by the same rules as `readPkcs12` (SAN otherName 2.16.76.1.3.3,
 * else the CN): for a server reading the client certificate of a TLS connection
 * (`socket.getPeerCertificate().raw`). Undefined when it carries none or cannot be read.
 */
export function cnpjOfCertificateDer(der: Uint8Array): string | undefined {
  let cert: forge.pki.Certificate;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(der));
    cert = forge.pki.certificateFromAsn1(asn1);
  } catch {
    return undefined;
  }
  const cn = cert.subject.getField('CN') as { value?: unknown } | null;
  return cnpjFromCertificate(cert, typeof cn?.value === 'string' ? cn.value : '');
}
