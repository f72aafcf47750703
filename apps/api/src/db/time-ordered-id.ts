import { randomFillSync } from 'node:crypto';

// Document ids are UUID version 7 (RFC 9562 §5.7): 48 bits of Unix milliseconds, then random bits.
// Why not v4: every id is a key in B-tree indexes (documents, document_xml, transmission_queue).
// Random keys land on random leaf pages, so right after each checkpoint nearly every insert
// dirties a different leaf and writes a full-page image of it to the WAL; under sustained load
// those bursts are what stretches p99 (issue #21, bench/results/series-counter.md). Time-ordered keys all
// land on the rightmost leaves, which stay in cache and are logged in full once per checkpoint.

const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let poolOffset = pool.length;
let lastMs = 0;
let sequence = 0;

/**
 * A new UUID v7. Within one millisecond the 12 `rand_a` bits count up from a random start
 * (RFC 9562 §6.2, method 3 "replace leftmost random bits with increased clock precision" is not
 * available in JS, so method 1, a counter), so ids of one process are strictly increasing; ids of
 * different processes interleave by time, which is all the index needs.
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;

  let ms = now;
  if (ms > lastMs) {
    lastMs = ms;
    sequence = (((bytes[6] ?? 0) << 8) | (bytes[7] ?? 0)) & 0x7ff; // a random start in the lower half leaves room to count
  } else {
    ms = lastMs; // the clock went back or stood still: keep order by counting on
    sequence++;
    if (sequence > 0xfff) {
      lastMs = ms = lastMs + 1; // counter exhausted: borrow the next millisecond
      sequence = 0;
    }
  }

  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const high = Math.floor(ms / 0x10000); // first 32 bits of the 48-bit timestamp
  const low = ms % 0x10000; // last 16 bits
  const variantByte = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const tail = bytes.subarray(9, 16).toString('hex');
  return (
    `${hex(high, 8)}-${hex(low, 4)}-7${hex(sequence, 3)}-` +
    `${hex(variantByte, 2)}${tail.slice(0, 2)}-${tail.slice(2)}`
  );
}
