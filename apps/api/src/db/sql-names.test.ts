import { describe, expect, it } from 'vitest';

import { columnsOf, into, tables } from './sql-names.js';

describe('names for SQL written as text', () => {
  it('render as the plain names, qualified by an alias when given', () => {
    expect(tables.documents).toBe('documents');
    expect(columnsOf('series').next_number).toBe('next_number');
    expect(columnsOf('series', 's').next_number).toBe('s.next_number');
    expect(into('transmission_queue', ['document_id'])).toBe('transmission_queue (document_id)');
  });

  it('refuse at typecheck what schema.ts does not declare', () => {
    // Each line fails typecheck; an unused @ts-expect-error would fail it too.
    // @ts-expect-error a column series does not have
    expect(columnsOf('series').next_numbr).toBe('next_numbr');
    // @ts-expect-error a table that does not exist
    expect(columnsOf('serie').id).toBe('id');
    // @ts-expect-error a column documents does not have
    expect(into('documents', ['number'])).toBe('documents (number)');
    // @ts-expect-error a table that does not exist
    expect(tables.document).toBe('document');
  });
});
