import type { Rejection } from '../rules/rejection.js';
import { rejection } from '../rules/rejection.js';
import type { SchemaName } from './schemas.js';
import { schemaErrors } from './schemas.js';

/** B01: data messages above 500 KB are refused. */
const MAX_MESSAGE_BYTES = 500 * 1024;

/** A prefixed element name, which the NF-e messages may not use (D02). */
const PREFIXED_ELEMENT = /<\/?[A-Za-z_][\w.-]*:/;

/**
 * The checks every message passes before its content is read: size (214), no namespace prefixes
 * (404), the official schema (`schemaCStat`: 225 for lots of NF-e, 215 elsewhere).
 */
export function messageRejection(
  message: string,
  schema: SchemaName,
  schemaCStat: '215' | '225',
): Rejection | undefined {
  if (Buffer.byteLength(message, 'utf8') > MAX_MESSAGE_BYTES)
    return rejection('214', 'Rejeição: Tamanho da mensagem excedeu o limite estabelecido');
  if (PREFIXED_ELEMENT.test(message))
    return rejection('404', 'Rejeição: Uso de prefixo de namespace não permitido');
  const errors = schemaErrors(message, schema);
  if (errors.length === 0) return undefined;
  const base =
    schemaCStat === '225'
      ? 'Rejeição: Falha no Schema XML do lote de NFe'
      : 'Rejeição: Falha no schema XML';
  // The first libxml2 complaint helps the developer; TMotivo allows 255 Latin-1 characters.
  const detail = (errors[0] ?? '').replace(/[^ -\u00ff]/g, '?').slice(0, 255 - base.length - 3);
  return rejection(schemaCStat, `${base} [${detail.trim()}]`);
}
