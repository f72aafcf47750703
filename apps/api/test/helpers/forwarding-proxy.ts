import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy as a load balancer runs one: each request goes to the next upstream in turn,
 * with the client's socket address appended to X-Forwarded-For (nginx's
 * `$proxy_add_x_forwarded_for`), so whatever the client wrote there itself stays to the left.
 */
export async function startForwardingProxy(upstreams: string[]): Promise<ForwardingProxy> {
  let turn = 0;
  const server = http.createServer((req, res) => {
    const upstream = new URL(upstreams[turn++ % upstreams.length] as string);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        // The proxy's own address towards the APIs: the one TRUST_PROXY names.
        localAddress: '127.0.0.1',
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, connection: 'close' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
