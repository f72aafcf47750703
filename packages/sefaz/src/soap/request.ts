import type { XmlElement } from '@emissor/xml';
import { readXmlTree, XmlError } from '@emissor/xml';

import { SOAP11_NAMESPACE, SOAP12_NAMESPACE, WSDL_NAMESPACE_PREFIX } from '../namespaces.js';
import type { SefazService } from '../services.js';
import { isSefazService, SEFAZ_SERVICE_NAMES, soapAction } from '../services.js';
import type { SoapVersion } from './envelope.js';

/** Why a SOAP request could not be read (a server answers these with a SOAP Fault, not a cStat). */
export type SoapRequestErrorCode = 'not_xml' | 'not_soap' | 'no_message';

export class SoapRequestError extends Error {
  override name = 'SoapRequestError';

  constructor(
    readonly code: SoapRequestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A SEFAZ request as a server receives it. */
export interface SoapRequest {
  readonly soapVersion: SoapVersion;
  /** From the namespace of `nfeDadosMsg`; undefined for a namespace that is no 4.00 service. */
  readonly service: SefazService | undefined;
  /** The namespace `nfeDadosMsg` was in. */
  readonly wsdlNamespace: string;
  /**
   * The message inside `nfeDadosMsg` exactly as sent (only surrounding whitespace trimmed), so
   * its signatures can be checked and its schema validated on the original bytes.
   */
  readonly message: string;
  /** Local name of the message's root element, e.g. `enviNFe`. */
  readonly messageRoot: string;
  /**
   * The message's root element as read with the envelope (a light, read-only tree: see
   * `readXmlTree` of @emissor/xml), so a server reads the message without parsing it a second
   * time (a 50-NF-e lot is most of the envelope). Its offsets count in the request body.
   */
  readonly messageElement: XmlElement;
}

/**
 * Reads a SOAP 1.1 or 1.2 request body: finds `nfeDadosMsg` in `Body` and cuts out the message
 * it carries. For servers such as the simulator.
 *
 * @throws {SoapRequestError} `not_xml` (not well-formed), `not_soap` (no Envelope/Body),
 *   `no_message` (no nfeDadosMsg, or it is empty).
 */
export function readSoapRequest(body: string): SoapRequest {
  // A light element tree, not a DOM: a 50-NF-e lot is read five times faster, with a fraction of
  // the garbage. It checks well-formedness as far as the scanner goes; a server validates the
  // message against its schema before trusting more of it.
  let root: XmlElement;
  try {
    root = readXmlTree(body);
  } catch (error) {
    if (error instanceof XmlError) throw new SoapRequestError('not_xml', error.message);
    throw error;
  }
  const version =
    root.namespace === SOAP12_NAMESPACE
      ? '1.2'
      : root.namespace === SOAP11_NAMESPACE
        ? '1.1'
        : undefined;
  if (root.localName !== 'Envelope' || !version)
    throw new SoapRequestError('not_soap', 'the body is not a SOAP 1.1 or 1.2 envelope');
  const soapBody = root.children.find(
    (e) => e.localName === 'Body' && e.namespace === root.namespace,
  );
  if (!soapBody) throw new SoapRequestError('not_soap', 'the envelope has no Body');
  const dados = soapBody.children.find((e) => e.localName === 'nfeDadosMsg');
  if (!dados) throw new SoapRequestError('no_message', 'the Body has no nfeDadosMsg');
  const messageElement = dados.children[0];
  if (!messageElement) throw new SoapRequestError('no_message', 'nfeDadosMsg is empty');

  const wsdlNamespace = dados.namespace;
  const serviceName = wsdlNamespace.startsWith(`${WSDL_NAMESPACE_PREFIX}/`)
    ? wsdlNamespace.slice(WSDL_NAMESPACE_PREFIX.length + 1)
    : '';
  return {
    soapVersion: version,
    service: isSefazService(serviceName) ? serviceName : undefined,
    wsdlNamespace,
    message: body.slice(dados.contentStart, dados.contentEnd).trim(),
    messageRoot: messageElement.localName,
    messageElement,
  };
}

/**
 * The service named by the SOAP 1.2 `action` parameter of a content type (or a SOAP 1.1
 * `SOAPAction` header value). Authorisers route by URL; this lets a server cross-check.
 */
export function serviceFromSoapAction(value: string | undefined): SefazService | undefined {
  if (!value) return undefined;
  const action = /action\s*=\s*"?([^";]+)"?/i.exec(value)?.[1] ?? value.replace(/"/g, '').trim();
  return SEFAZ_SERVICE_NAMES.find((s) => soapAction(s) === action);
}
