import { request } from 'node:https';

/** A JSON call to the simulator's admin routes (no client certificate needed). */
export function admin(
  simulator: { url: string; caPem: string },
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${simulator.url}${path}`,
      { method, ca: simulator.caPem, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            json: text ? (JSON.parse(text) as unknown) : undefined,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    );
  });
}
