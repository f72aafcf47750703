/**
 * docs/api-rules.md "Certificates": the emitter CNPJ must equal the CNPJ given at certificate upload, and its root
 * (first 8 characters) must equal the root of the CNPJ inside the certificate — a branch may sign
 * with its head office's certificate, SEFAZ checks only the root (rejection 213).
 */
export function emitterMatchesCertificate(
  emitterCnpj: string,
  certificate: { cnpj: string; cnpjCertificado: string },
): boolean {
  return (
    emitterCnpj === certificate.cnpj &&
    emitterCnpj.slice(0, 8) === certificate.cnpjCertificado.slice(0, 8)
  );
}
