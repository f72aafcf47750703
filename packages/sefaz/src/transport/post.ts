import type { Agent } from 'node:https';
import { request } from 'node:https';

import { byteLengthOf } from '../byte-length.js';
import { TransportError } from './errors.js';

export interface SoapPost {
  readonly url: string;
  /** The request body; pieces are written one after another, never joined (a lot is 500 KB). */
  readonly body: string | readonly string[];
  readonly contentType: string;
  readonly agent: Agent;
  /** Whole exchange, from connecting to the last byte of the answer. */
  readonly timeoutMs: number;
  readonly maxAnswerBytes: number;
}

export interface SoapResponse {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
}

/** Error codes of a connection that never carried the request. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/** OpenSSL/Node codes of a failed handshake or a refused certificate (either side). */
function isTlsFailure(code: string): boolean {
  return (
    /^ERR_(SSL|TLS)_/.test(code) ||
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|HOSTNAME/.test(code) ||
    code === 'EPROTO'
  );
}

function errorCode(error: unknown): string {
  return (error as { code?: unknown }).code?.toString() ?? '';
}

/**
 * POSTs a SOAP body over the given agent (its client certificate and trust) and reads the whole
 * answer. Every failure is a `TransportError` telling whether the request may have reached the
 * server: a timeout or a broken connection after the body was handed to the OS may have been
 * processed; a refused connection or a failed handshake cannot have been.
 */
export function postSoap(post: SoapPost): Promise<SoapResponse> {
  return new Promise((resolve, reject) => {
    const parts = typeof post.body === 'string' ? [post.body] : post.body;
    let sent = false;
    let settled = false;
    const fail = (error: TransportError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };

    const req = request(post.url, {
      method: 'POST',
      agent: post.agent,
      headers: { 'Content-Type': post.contentType, 'Content-Length': byteLengthOf(parts) },
    });
    const timer = setTimeout(() => {
      fail(new TransportError('timeout', `no answer within ${post.timeoutMs} ms`, sent));
      req.destroy();
    }, post.timeoutMs);

    req.on('finish', () => {
      sent = true;
    });
    req.on('error', (error) => {
      const code = errorCode(error);
      if (NOT_CONNECTED.has(code))
        fail(new TransportError('connect_failed', `${code}: ${error.message}`, false));
      else if (isTlsFailure(code))
        fail(new TransportError('tls_failed', `${code}: ${error.message}`, false));
      else
        fail(new TransportError('connection_lost', `${code || 'error'}: ${error.message}`, sent));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > post.maxAnswerBytes) {
          fail(
            new TransportError(
              'answer_too_large',
              `answer over ${post.maxAnswerBytes} bytes`,
              true,
            ),
          );
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (error) =>
        fail(new TransportError('connection_lost', `answer cut: ${error.message}`, true)),
      );
      res.on('end', () => {
        if (settled) return;
        const status = res.statusCode ?? 0;
        const body = Buffer.concat(chunks).toString('utf8');
        if (status < 200 || status >= 300) {
          fail(new TransportError('http_status', `HTTP ${status}`, true, status, body));
          return;
        }
        settled = true;
        clearTimeout(timer);
        resolve({ status, contentType: res.headers['content-type'], body });
      });
    });
    for (const part of parts) req.write(part, 'utf8');
    req.end();
  });
}
