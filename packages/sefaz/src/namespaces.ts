/** The namespace of every NF-e message (`enviNFe`, `retEnviNFe`, `evento`, …). */
export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';

/** Prefix of the WSDL namespaces: `${WSDL_NAMESPACE_PREFIX}/NFeAutorizacao4` etc. */
export const WSDL_NAMESPACE_PREFIX = 'http://www.portalfiscal.inf.br/nfe/wsdl';

export const SOAP12_NAMESPACE = 'http://www.w3.org/2003/05/soap-envelope';

/** Some authorisers answer SOAP 1.1 requests (and old services) with 1.1 envelopes (sefaz.md §1.1). */
export const SOAP11_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
