import type { VerifyResult } from '@emissor/signer';
import { verifyElement, verifyElements } from '@emissor/signer';

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

/**
 * `checkSignature` for each of `count` `elementName`s of a message (the NF-e of a lot), in one walk
 * of the message: a lot of 50 is read once, not 50 times. An element the walk could not reach
 * (malformed markup before it) is judged 298, as `checkSignature` judges it.
 */
export function checkSignatures(
  message: string,
  elementName: string,
  count: number,
): SignatureCheck[] {
  const results = verifyElements(message, elementName);
  return Array.from({ length: count }, (_, i) =>
    toCheck(results[i] ?? { valid: false, reason: 'malformed' }),
  );
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
