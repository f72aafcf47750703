import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

import { ERROR_CODE_DESCRIPTIONS, type ErrorCode } from '@emissor/contract';

/** Node's HTTP parser errors that mean "the request line and headers are too big". */
const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW']);
const TIMEOUT = new Set(['HPE_REQUEST_TIMEOUT', 'ERR_HTTP_REQUEST_TIMEOUT']);

/**
 * Requests Node refuses before Express sees them (malformed request line or headers, headers over
 * 16 KiB, framing that contradicts itself, a body sent without framing on keep-alive) got Node's
 * bare `400`/`431` with no body. Answer them in the API's error shape instead, then close: after a
 * parse error the rest of the connection's bytes cannot be trusted.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const code = error.code ?? '';
    const body: { code: ErrorCode; message: string } = TOO_LARGE.has(code)
      ? {
          code: 'request_header_fields_too_large',
          message: 'The request line and headers exceed 16 KiB.',
        }
      : TIMEOUT.has(code)
        ? { code: 'request_timeout', message: 'The request was not received in time.' }
        : { code: 'bad_request', message: 'Malformed HTTP request.' };
    // The status is the error table's, as for every other error (errors.ts appError).
    const { status } = ERROR_CODE_DESCRIPTIONS[body.code];
    const text = JSON.stringify({ detail: body });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        text,
    );
  });
}
