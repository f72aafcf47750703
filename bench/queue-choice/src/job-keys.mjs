// Job keys as the API's ids are: time-ordered UUIDs (apps/api/src/db/time-ordered-id.ts), so the
// home-made queue's primary key grows at its right edge as it does in production.
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

export function timeOrderedId() {
  const now = Date.now();
  if (now === lastMs) counter += 1;
  else {
    lastMs = now;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes.writeUInt16BE(0x7000 | (counter & 0x0fff), 6);
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function keys(n) {
  return Array.from({ length: n }, timeOrderedId);
}
