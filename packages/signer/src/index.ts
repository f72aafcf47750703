export { canonicalizeInfNfe } from './c14n.js';
export { cnpjOfCertificateDer } from './cnpj-from-certificate.js';
export { createDevCertificate, DevCertificateError } from './dev-certificate.js';
export { CertificateError, XmlSignError } from './errors.js';
export { certificateValidityAt, readPkcs12 } from './pkcs12.js';
export { readXmlTree } from './read-xml-tree.js';
export { cnpjFromCertificate } from './cnpj-from-certificate.js';
export { signElement, signNfe } from './sign.js';
export { verifyElement, verifyElements, verifyNfe } from './verify.js';

export type { DevCertificate, DevCertificateOptions } from './dev-certificate.js';
export type { CertificateErrorCode, XmlSignErrorCode } from './errors.js';
export type { Credentials } from './pkcs12.js';
export type { SigningCredentials } from './sign.js';
export type { VerifyFailureReason, VerifyResult } from './verify.js';
export type { NamespaceContext, XmlElement } from '@emissor/xml';
