/**
 * Assertions on `validate()` results shared by the schema tests.
 * @module
 */
import { expect } from 'vitest';
import type { FieldIssue } from '../../../shared/errors';
import type { ValidationResult } from '../../../shared/validation';

/**
 * Asserts the result failed with an issue at `path` whose message starts with the path (so it
 * names the field) and matches `why`. Answers that issue.
 */
export function expectIssue(
  result: ValidationResult<unknown>,
  path: string,
  why: RegExp | string,
): FieldIssue {
  expect(result.ok, 'expected the value to be refused').toBe(false);
  const issues = result.ok ? [] : result.issues;
  const issue = issues.find((i) => i.path === path);
  expect(issue, `no issue at "${path}" among ${JSON.stringify(issues)}`).toBeDefined();
  expect(issue!.message.startsWith(`${path} `)).toBe(true);
  if (typeof why === 'string') expect(issue!.message).toBe(why);
  else expect(issue!.message).toMatch(why);
  return issue!;
}

/** Asserts the result succeeded and answers its value. */
export function expectOk<T>(result: ValidationResult<T>): T {
  if (!result.ok) expect.fail(`expected the value to pass: ${JSON.stringify(result.issues)}`);
  return result.value;
}
