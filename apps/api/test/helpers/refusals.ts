import type { Refs } from '@emissor/test-support';
import { expect } from 'vitest';

import { prepareBranch } from './emission.js';
import type { TestProduct, TestServer } from './server.js';

export interface RefusalBranch {
  product: TestProduct;
  refs: Refs;
  nextNumber: number;
  /** The series still at `nextNumber` and no document of the product: the refusals took nothing. */
  expectNothingChanged(): Promise<void>;
}

/**
 * A new product with a series starting at `nextNumber` and a live certificate on `refs`: where bad
 * input is sent, to show that a refusal comes before a number is taken.
 */
export async function refusalBranch(
  server: TestServer,
  refs: Refs,
  nextNumber: number,
): Promise<RefusalBranch> {
  const product = await server.newProduct();
  await prepareBranch(server.url, product, refs, { nextNumber });
  return {
    product,
    refs,
    nextNumber,
    async expectNothingChanged() {
      const list = await product.client.series.listSeries({ query: refs });
      if (list.status !== 200) throw new Error('list failed');
      expect(list.body.map((s) => s.next_number)).toEqual([nextNumber]);
      const docs = await server.database.db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(Number(docs.n)).toBe(0);
    },
  };
}

/**
 * `res` is a 422 whose issue at `path` (after "body") has `type`; with `code`, its message is
 * SEFAZ's rejection: "SEFAZ rejection <code> (<official text>): …".
 */
export function expectRefused(
  res: { status: number; body: any },
  path: (string | number)[],
  type: string,
  code?: string | number,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const loc = JSON.stringify(['body', ...path]);
  const issue = (res.body.detail as { loc: unknown; type: string; msg: string }[]).find(
    (d) => JSON.stringify(d.loc) === loc,
  );
  expect(issue, JSON.stringify(res.body.detail)).toBeDefined();
  expect(issue?.type, JSON.stringify(issue)).toBe(type);
  if (code !== undefined)
    expect(issue?.msg).toMatch(new RegExp(`^SEFAZ rejection ${code} \\(.+\\): `));
}
