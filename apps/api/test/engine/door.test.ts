import { contract } from '@emissor/contract';
import { describe, expect, it } from 'vitest';

import { createIdempotencyDoor } from '../../src/modules/emissions/idempotency-door.js';
import { requestFingerprint } from '../../src/modules/emissions/request-fingerprint.js';
import { emissionRequest } from '../helpers/emission.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('idempotency door', () => {
  it('lets one request per (product, key) in at a time; the next enters once it has left', async () => {
    const door = createIdempotencyDoor();
    const order: string[] = [];
    let finishFirst = () => {};
    const first = door.pass('p1', 'k', async () => {
      order.push('first in');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first out');
      return 1;
    });
    const second = door.pass('p1', 'k', () => {
      order.push('second in');
      return Promise.resolve(2);
    });
    await tick();
    expect(order).toEqual(['first in']);
    finishFirst();
    expect([await first, await second]).toEqual([1, 2]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });

  it('never makes two products (or two keys) wait for each other', async () => {
    const door = createIdempotencyDoor();
    const inside: string[] = [];
    const hold = new Promise<void>(() => {});
    void door.pass('p1', 'k', async () => {
      inside.push('p1/k');
      await hold;
    });
    void door.pass('p2', 'k', async () => {
      inside.push('p2/k');
      await hold;
    });
    void door.pass('p1', 'other', async () => {
      inside.push('p1/other');
      await hold;
    });
    await tick();
    expect(inside).toEqual(['p1/k', 'p2/k', 'p1/other']);
  });

  it('lets the next request in after one that failed', async () => {
    const door = createIdempotencyDoor();
    const failed = door.pass('p', 'k', () => Promise.reject(new Error('boom')));
    const next = door.pass('p', 'k', () => Promise.resolve('ok'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });

  it('does not confuse a product and key that concatenate alike', async () => {
    const door = createIdempotencyDoor();
    const inside: string[] = [];
    const hold = new Promise<void>(() => {});
    void door.pass('ab', 'c', async () => {
      inside.push('ab|c');
      await hold;
    });
    void door.pass('a', 'bc', async () => {
      inside.push('a|bc');
      await hold;
    });
    await tick();
    expect(inside).toHaveLength(2);
  });
});

describe('request fingerprint', () => {
  const schema = contract.emissions.emit.body;
  /** The same JSON with the keys of every object in reverse order. */
  const reversed = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(reversed)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, reversed(x)]),
          )
        : v;

  it('is the same for a body sent with its keys in any order, at any depth', () => {
    const body = emissionRequest({ tenant_ref: 't', branch_ref: 'b' }, { items: 3 });
    expect(JSON.stringify(reversed(body))).not.toBe(JSON.stringify(body));
    expect(requestFingerprint(schema.parse(reversed(body)))).toBe(
      requestFingerprint(schema.parse(body)),
    );
    expect(requestFingerprint(schema.parse(body))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any value', () => {
    const body = emissionRequest({ tenant_ref: 't', branch_ref: 'b' }, { items: 3 });
    const other = structuredClone(body);
    other.itens[2]!.descricao += '.';
    expect(requestFingerprint(schema.parse(other))).not.toBe(
      requestFingerprint(schema.parse(body)),
    );
  });
});
