import type { IssuePath } from '../errors.js';

/*
 * Issue paths inside `itens[i]`. Every item needs them as parents for its checks, so they are
 * written as array literals: spreading a parent path (`[...parent, key]`) cost several times more,
 * once per item and tax line.
 */

export function itemPath(item: number): IssuePath {
  return ['itens', item];
}

export function fiscalPath(item: number): IssuePath {
  return ['itens', item, 'fiscal_result'];
}

export function tributosPath(item: number): IssuePath {
  return ['itens', item, 'fiscal_result', 'tributos'];
}

export function taxLinePath(item: number, line: number): IssuePath {
  return ['itens', item, 'fiscal_result', 'tributos', line];
}
