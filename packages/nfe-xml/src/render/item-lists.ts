import type { IssuePath } from '../errors.js';
import type { IssueList } from '../validate/issues.js';

const EMPTY: readonly unknown[] = [];

/**
 * A repeated group's list, `min`–`max` long as the layout allows it (pydantic `list_type`,
 * `too_short`, `too_long`); each entry must be an object. What is beyond `max` is still returned,
 * so each entry is checked too; a list holding something else is returned empty.
 */
export function checkList(
  issues: IssueList,
  parent: IssuePath,
  key: string,
  value: unknown,
  min: number,
  max: number,
): readonly unknown[] {
  if (!Array.isArray(value)) {
    issues.at(
      parent,
      key,
      value === undefined || value === null ? 'missing' : 'list_type',
      'Input should be a valid list',
    );
    return EMPTY;
  }
  if (value.length < min)
    issues.at(parent, key, 'too_short', `List should have at least ${min} item(s)`);
  if (value.length > max)
    issues.at(parent, key, 'too_long', `List should have at most ${max} items`);
  let objects = true;
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      issues.add([...parent, key, i], 'model_attributes_type', 'Input should be a valid object');
      objects = false;
    }
  }
  return objects ? value : EMPTY;
}
