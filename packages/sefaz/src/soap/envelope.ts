import { SOAP11_NAMESPACE, SOAP12_NAMESPACE } from '../namespaces.js';
import type { SefazService } from '../services.js';
import { soapAction, wsdlNamespace } from '../services.js';
import { withoutXmlDeclaration } from '../xml/escape.js';

export type SoapVersion = '1.1' | '1.2';

/**
 * A message to send: one text, or pieces sent one after another that together are the message
 * (`buildEnviNFeParts`: a lot is never put together in memory).
 */
export type SoapMessage = string | readonly string[];

/**
 * The SOAP 1.2 request SEFAZ expects: no header, the message inside `nfeDadosMsg` in the service's
 * WSDL namespace (sefaz.md §1.1). The message keeps its own `xmlns`, so its bytes (and signatures)
 * are exactly what was built.
 */
export function soapRequestEnvelope(service: SefazService, message: SoapMessage): string {
  return soapRequestEnvelopeParts(service, message).join('');
}

/** `soapRequestEnvelope` in pieces: the envelope's opening, the message's pieces, its close. */
export function soapRequestEnvelopeParts(service: SefazService, message: SoapMessage): string[] {
  const [first = '', ...rest] = typeof message === 'string' ? [message] : message;
  return [
    `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="${SOAP12_NAMESPACE}">` +
      `<soap12:Body><nfeDadosMsg xmlns="${wsdlNamespace(service)}">`,
    withoutXmlDeclaration(first),
    ...rest,
    `</nfeDadosMsg></soap12:Body></soap12:Envelope>`,
  ];
}

/**
 * `application/soap+xml; charset=utf-8; action="<wsdl ns>/<operation>"` (docs/api-rules.md); pass
 * `Endpoint.soapAction` for an authoriser whose operation name differs.
 */
export function soapRequestContentType(
  service: SefazService,
  action: string = soapAction(service),
): string {
  return `application/soap+xml; charset=utf-8; action="${action}"`;
}

/**
 * The answer envelope an authoriser sends: `nfeResultMsg` in the WSDL namespace holding the
 * answer message. In SOAP 1.1 when the request came in 1.1, as SVRS does. For servers (the
 * simulator).
 */
export function soapResponseEnvelope(
  service: SefazService,
  answer: string,
  version: SoapVersion = '1.2',
): string {
  const namespace = version === '1.2' ? SOAP12_NAMESPACE : SOAP11_NAMESPACE;
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${namespace}"><soap:Body>` +
    `<nfeResultMsg xmlns="${wsdlNamespace(service)}">${withoutXmlDeclaration(answer)}</nfeResultMsg>` +
    `</soap:Body></soap:Envelope>`
  );
}

/** The content type of an answer in the given SOAP version. */
export function soapResponseContentType(version: SoapVersion = '1.2'): string {
  return version === '1.2' ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8';
}

/**
 * A SOAP Fault, for a server that cannot read the request at all (not XML, no envelope). SEFAZ
 * answers rule violations with a message and a cStat; a fault is for what has no cStat.
 */
export function soapFaultEnvelope(reason: string, version: SoapVersion = '1.2'): string {
  const text = reason.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
  if (version === '1.1') {
    return (
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11_NAMESPACE}"><soap:Body>` +
      `<soap:Fault><faultcode>soap:Client</faultcode><faultstring>${text}</faultstring></soap:Fault>` +
      `</soap:Body></soap:Envelope>`
    );
  }
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12_NAMESPACE}"><soap:Body>` +
    `<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code>` +
    `<soap:Reason><soap:Text xml:lang="pt-BR">${text}</soap:Text></soap:Reason></soap:Fault>` +
    `</soap:Body></soap:Envelope>`
  );
}
