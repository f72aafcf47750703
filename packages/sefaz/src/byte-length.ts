/** UTF-8 bytes of text sent in pieces, without joining them (a lot's pieces are 500 KB together). */
export function byteLengthOf(parts: readonly string[]): number {
  let bytes = 0;
  for (const part of parts) bytes += Buffer.byteLength(part, 'utf8');
  return bytes;
}
