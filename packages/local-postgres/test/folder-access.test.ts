import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { closedFolderOnTheWay } from '../src/folder-access.js';

const root = mkdtempSync(join(tmpdir(), 'local-postgres-access-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('closedFolderOnTheWay (why the embedded PostgreSQL cannot start as root)', () => {
  it('names the first folder others cannot enter, as a home of mode 700', () => {
    chmodSync(root, 0o755);
    const home = join(root, 'home');
    mkdirSync(join(home, '.emissor', 'sefaz-simulator'), { recursive: true });
    chmodSync(home, 0o700);
    expect(closedFolderOnTheWay(join(home, '.emissor', 'sefaz-simulator'))).toBe(home);
  });

  it('finds none when every folder on the way may be entered, the last one not created yet', () => {
    chmodSync(root, 0o755);
    const open = join(root, 'open');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    expect(closedFolderOnTheWay(join(open, 'not-yet', 'sefaz-simulator'))).toBeUndefined();
  });
});
