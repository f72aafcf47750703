import type { Element } from '../xml/dom.js';
import { child, children, NFE_NAMESPACE, parseXml } from '../xml/dom.js';

export const SOAP_12 = 'http://www.w3.org/2003/05/soap-envelope';
export const SOAP_11 = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The NF-e message a SOAP request carried in `Body/nfeDadosMsg`. */
export interface SoapRequest {
  readonly soapNamespace: string;
  /** The message root (enviNFe, consSitNFe, …) in the envelope's DOM. */
  readonly root: Element;
  /** The message's own text, byte for byte as sent, for schema and signature checks. */
  readonly message: string;
}

export class SoapFault extends Error {}

/**
 * Reads a SOAP 1.2 (or 1.1) request and finds its NF-e message: the first element in the NF-e
 * namespace under the Body's first element (`nfeDadosMsg`), located by namespace rather than by
 * wrapper name, as real clients differ.
 */
export function readSoapRequest(body: string): SoapRequest {
  const envelope = parseXml(body);
  if (!envelope || envelope.localName !== 'Envelope')
    throw new SoapFault('the request is not a well-formed SOAP envelope');
  const soapNamespace = envelope.namespaceURI ?? '';
  if (soapNamespace !== SOAP_12 && soapNamespace !== SOAP_11)
    throw new SoapFault('the envelope is neither SOAP 1.2 nor SOAP 1.1');
  const soapBody = child(envelope, 'Body');
  const wrapper = soapBody ? children(soapBody)[0] : undefined;
  const root = wrapper && children(wrapper).find((c) => c.namespaceURI === NFE_NAMESPACE);
  if (!root || !root.localName)
    throw new SoapFault('no message in the NF-e namespace inside Body/nfeDadosMsg');
  const name = root.localName;
  const start = body.search(new RegExp(`<${name}[\\s>/]`));
  const end = body.lastIndexOf(`</${name}>`);
  if (start < 0 || end < start) throw new SoapFault(`cannot locate <${name}> in the request`);
  return { soapNamespace, root, message: body.slice(start, end + name.length + 3) };
}

/** The answer envelope: `nfeResultMsg` in the service's WSDL namespace, in the request's SOAP version. */
export function soapAnswer(soapNamespace: string, service: string, message: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${soapNamespace}"><soap:Body>` +
    `<nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${service}">${message}</nfeResultMsg>` +
    '</soap:Body></soap:Envelope>'
  );
}

/** A SOAP 1.2 Fault, for requests that carry no message to answer. */
export function soapFault(code: 'Sender' | 'Receiver', reason: string): string {
  const escaped = reason.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_12}"><soap:Body><soap:Fault>` +
    `<soap:Code><soap:Value>soap:${code}</soap:Value></soap:Code>` +
    `<soap:Reason><soap:Text xml:lang="en">${escaped}</soap:Text></soap:Reason>` +
    '</soap:Fault></soap:Body></soap:Envelope>'
  );
}
