import type { XmlElement } from '@emissor/xml';
import { readXmlTree as readTree } from '@emissor/xml';

import { withSignErrors } from './errors.js';

/**
 * `readXmlTree` of `@emissor/xml` (the strict reader the signer reads with), its errors reported
 * as XmlSignError (`malformed` or `unsupported`) as this package's callers have always caught them.
 * New code can use `@emissor/xml` directly.
 */
export function readXmlTree(xml: string): XmlElement {
  return withSignErrors(() => readTree(xml));
}
