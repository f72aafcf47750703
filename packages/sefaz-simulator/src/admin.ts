import type { IncomingMessage, ServerResponse } from 'node:http';

import type { SimulatorState } from './context.js';
import { deleteDocumentKnob, listDocumentKnobs, saveDocumentKnob } from './db/document-knobs.js';
import { KnobError, mergeKnobs, parseDocumentKnob } from './knobs.js';
import { recordSvcActivations } from './svc/activation.js';

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** The error shape of the API (docs/api-rules.md "Errors"): `{ detail: { code, message } }`. */
const problem = (response: ServerResponse, status: number, code: string, message: string): void =>
  json(response, status, { detail: { code, message } });

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new KnobError('the body is not JSON');
  }
}

/**
 * The admin routes (plain JSON, same port, no client certificate needed):
 * `GET|PUT /admin/knobs` reads or changes the run's knobs (PUT merges the given fields);
 * `GET /admin/documents`, `PUT|DELETE /admin/documents/{chave}` manage forced outcomes per chave;
 * `GET /admin/stats` counts the SOAP requests this process received per service (`svc/…` for the
 * SVC's).
 */
export async function handleAdmin(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  body: string,
  state: SimulatorState,
): Promise<void> {
  try {
    if (pathname === '/admin/knobs') {
      if (request.method === 'PUT') {
        state.knobs = mergeKnobs(state.knobs, parseJson(body));
        recordSvcActivations(state, new Date());
      } else if (request.method !== 'GET')
        return problem(response, 405, 'method_not_allowed', 'use GET or PUT');
      return json(response, 200, state.knobs);
    }
    if (pathname === '/admin/stats') {
      if (request.method !== 'GET') return problem(response, 405, 'method_not_allowed', 'use GET');
      return json(response, 200, { requests: state.requests });
    }
    if (pathname === '/admin/documents' && request.method === 'GET')
      return json(response, 200, await listDocumentKnobs(state.pool, state.schema));
    const match = /^\/admin\/documents\/([^/]+)$/.exec(pathname);
    if (match) {
      const chave = decodeURIComponent(match[1] ?? '');
      if (!/^[0-9]{44}$/.test(chave))
        return problem(response, 400, 'invalid_chave', 'a chave is 44 digits');
      if (request.method === 'PUT') {
        const knob = parseDocumentKnob(parseJson(body));
        await saveDocumentKnob(state.pool, state.schema, chave, knob);
        return json(response, 200, { chave, ...knob });
      }
      if (request.method === 'DELETE') {
        const deleted = await deleteDocumentKnob(state.pool, state.schema, chave);
        if (!deleted) return problem(response, 404, 'not_found', 'no knob for this chave');
        response.writeHead(204).end();
        return;
      }
      return problem(response, 405, 'method_not_allowed', 'use PUT or DELETE');
    }
    return problem(response, 404, 'not_found', 'unknown admin route');
  } catch (error) {
    if (error instanceof KnobError) return problem(response, 400, 'invalid_knob', error.message);
    throw error;
  }
}
