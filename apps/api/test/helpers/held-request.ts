import { request } from 'node:http';

export interface HeldRequest {
  /** Sends the rest of the body and resolves with the answer; a dropped connection resolves too. */
  release(): Promise<{ status: number | undefined; text: string }>;
}

/**
 * A POST whose body has only begun to arrive: the server has the request in hand but cannot finish
 * it until `release`. Shows what a shutdown does to the requests in flight when it starts.
 */
export async function holdRequest(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<HeldRequest> {
  const pending = request(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': Buffer.byteLength(body) },
  });
  // Settled either way, so that a connection the server drops is an assertion, not a stray error.
  const answer = new Promise<{ status: number | undefined; text: string }>((resolve, reject) => {
    pending.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    pending.on('error', reject);
  }).catch((error: unknown) => ({ status: undefined, text: String(error) }));
  const split = Math.floor(body.length / 2);
  pending.write(body.slice(0, split));
  // Time for the server to read the head and start on the request.
  await new Promise((r) => setTimeout(r, 300));
  return {
    release() {
      pending.end(body.slice(split));
      return answer;
    },
  };
}
