import type { VerifyResult } from '@emissor/signer';
import { verifyElement } from '@emissor/signer';

import type { Rejection } from '../rules/rejection.js';
import { rejection } from '../rules/rejection.js';

export type SignatureCheck =
  | { readonly valid: true; readonly digestValue: string; readonly certificateBase64: string }
  | { readonly valid: false; readonly status: Rejection };

/**
 * The signature of the `occurrence`-th `elementName` of a message (infNFe of a lot, infEvento,
 * infInut), checked in place so namespaces inherited from the message count as they did when it
 * was signed: 297 when digest or value do not match, 298 when it does not follow the standard.
 */
export function checkSignature(
  message: string,
  elementName: string,
  occurrence = 0,
): SignatureCheck {
  return toCheck(verifyElement(message, elementName, occurrence));
}

function toCheck(result: VerifyResult): SignatureCheck {
  if (result.valid) return result;
  const mismatch = result.reason === 'digest_mismatch' || result.reason === 'signature_mismatch';
  return {
    valid: false,
    status: mismatch
      ? rejection('297', 'Rejeição: Assinatura difere do calculado')
      : rejection('298', 'Rejeição: Assinatura difere do padrão do Sistema'),
  };
}
