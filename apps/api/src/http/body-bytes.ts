import type { IncomingMessage } from 'node:http';

import express, { type RequestHandler } from 'express';

/** A failure the error handler knows from body-parser's own (error-handler.ts, readBodyError). */
function readFailure(message: string, type: string): Error {
  return Object.assign(new Error(message), { type, status: 400, expose: true });
}

/**
 * The bytes of a request body whose media type is one of `types`, as `req.body` (a Buffer), with
 * body-parser's `express.raw` semantics. The usual request (no Content-Encoding, a Content-Length
 * within `limit`) is read here in a few lines: body-parser's general path (type checks, a content
 * stream, raw-body with its size checks and async context, the listeners it adds and removes)
 * cost ~35 µs of the event loop per emission in the bench profile, a tenth of what reading and
 * checking the JSON costs. Every other request (compressed, chunked, too large, empty, already
 * read) goes through `express.raw` itself, so 413 and zlib failures are exactly its answers (a
 * coding it cannot decode never gets here: content-encoding.ts refuses it first).
 */
export function bodyBytes(types: string[], limit: number): RequestHandler {
  const general = express.raw({ type: types, limit });
  return (req, res, next) => {
    const length = Number(req.headers['content-length']);
    const encoding = req.headers['content-encoding'];
    if (
      (req as { _body?: boolean })._body ||
      req.headers['transfer-encoding'] !== undefined ||
      !(length > 0 && length <= limit) ||
      (encoding !== undefined && encoding.toLowerCase() !== 'identity') ||
      !req.is(types)
    ) {
      general(req, res, next);
      return;
    }
    (req as { _body?: boolean })._body = true; // as body-parser marks it: read once
    readExactly(req, length, (error, body) => {
      if (error) return next(error);
      req.body = body;
      next();
    });
  };
}

/**
 * Collects `length` bytes. Node's HTTP parser delivers exactly Content-Length bytes and then
 * 'end', or stops early when the client goes away ('aborted', 'error', 'close'): that failure is
 * typed as raw-body types it, so the error handler answers nothing and closes the connection.
 */
function readExactly(
  req: IncomingMessage,
  length: number,
  done: (error: Error | undefined, body?: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const finish = (error: Error | undefined) => {
    if (finished) return;
    finished = true;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('aborted', onGone);
    req.off('close', onGone);
    req.off('error', onGone);
    if (error) return done(error);
    if (received !== length)
      return done(readFailure('request size did not match content length', 'request.size.invalid'));
    // Usually one chunk: then it is the body as it is, without a copy.
    done(undefined, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    chunks.push(chunk);
  };
  const onEnd = () => finish(undefined);
  // Before 'end', each of these means the client's bytes stopped coming.
  const onGone = () => finish(readFailure('request aborted', 'request.aborted'));
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('aborted', onGone);
  req.on('close', onGone);
  req.on('error', onGone);
}
