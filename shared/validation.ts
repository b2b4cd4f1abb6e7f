/**
 * Runs a `zod/mini` schema and answers in plain English: every issue becomes a
 * {@link FieldIssue} whose message names the field and says why, e.g.
 * `params.mobile must start with the dial code 254 and have 12 digits`.
 *
 * Convention for schemas in `shared/schemas`: custom messages are the END of a sentence that
 * starts with the field's path ("must be …", "is required …"); this module adds the path.
 * Type-level schemas carry no message, so a missing field always reads "… is required".
 *
 * Before any schema, {@link validate} refuses hostile JSON (see {@link checkHostileJson}).
 * @module
 */
import * as z from 'zod/mini';
import { errorBody, type ErrorBody, type FieldIssue } from './errors';

/** The outcome of {@link validate}. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Options of {@link validate}. */
export interface ValidateOptions {
  /** Path the input sits at, prefixed to every issue's path (e.g. `params`). */
  prefix?: string;
}

/**
 * Deepest nesting of objects and arrays accepted, counting the outermost container as 1.
 * An upstream callback envelope needs 3 (`{params: {failureReason: {…}}}`).
 */
export const MAX_JSON_DEPTH = 8;

/** Keys refused anywhere in untrusted JSON: they reach object prototypes when merged. */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Most issues reported for one body; the rest are dropped (the first ones say enough). */
export const MAX_ISSUES = 20;

const subjectOf = (path: string): string => path || 'The body';

const join = (path: string, key: PropertyKey): string =>
  path === '' ? String(key) : `${path}.${String(key)}`;

/**
 * Finds the first reason to refuse untrusted JSON before any schema sees it: a key named
 * `__proto__`, `constructor` or `prototype` anywhere, or objects and arrays nested deeper
 * than `maxDepth` (default {@link MAX_JSON_DEPTH}). `null` when the value is safe to parse.
 *
 * @example
 * checkHostileJson(JSON.parse('{"a":{"__proto__":{"x":1}}}'));
 * // { path: 'a.__proto__', message: 'a.__proto__ is a forbidden key name …' }
 */
export function checkHostileJson(
  value: unknown,
  maxDepth: number = MAX_JSON_DEPTH,
  prefix = '',
): FieldIssue | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value, path: prefix, depth: 1 },
  ];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth > maxDepth) {
      return {
        path: item.path,
        message: `${subjectOf(item.path)} is nested too deeply: at most ${maxDepth} levels of objects and arrays are accepted`,
      };
    }
    for (const key of Object.keys(item.value)) {
      const path = join(item.path, key);
      if (FORBIDDEN_KEYS.includes(key)) {
        return {
          path,
          message: `${path} is a forbidden key name ("__proto__", "constructor" and "prototype" are refused)`,
        };
      }
      stack.push({
        value: (item.value as Record<string, unknown>)[key],
        path,
        depth: item.depth + 1,
      });
    }
  }
  return null;
}

const TYPE_NOUNS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number (no decimals)',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  tuple: 'a list',
  null: 'null',
  date: 'a date',
};

const quote = (value: unknown): string =>
  typeof value === 'string' ? `"${value}"` : String(value);

/** The end of a sentence for each zod issue (used when the schema gave no message). */
function describeIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_NOUNS[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? 'must not be empty' : `must be at least ${min} characters long`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `must have at least ${min} item${min === 1 ? '' : 's'}`;
      }
      return issue.inclusive ? `must be at least ${min}` : `must be greater than ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `must have at most ${max} item${max === 1 ? '' : 's'}`;
      }
      return issue.inclusive ? `must be at most ${max}` : `must be less than ${max}`;
    }
    case 'invalid_format':
      if (issue.format === 'url') return 'must be an absolute http or https URL';
      if (issue.format === 'email') return 'must be an email address';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'must be a UUID';
      return 'has an invalid format';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${quote(issue.values[0])}`
        : `must be one of ${issue.values.map(quote).join(', ')}`;
    case 'invalid_union':
      return 'does not match any accepted form';
    case 'invalid_key':
      return 'has a key that is not accepted';
    case 'invalid_element':
      return 'has a value that is not accepted';
    case 'unrecognized_keys':
      return 'has fields that are not accepted';
    default:
      return 'is not valid';
  }
}

function toFieldIssues(issue: z.core.$ZodIssue, prefix: string): FieldIssue[] {
  const path = issue.path.reduce<string>((acc, key) => join(acc, key), prefix);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const keyPath = join(path, key);
      return { path: keyPath, message: `${keyPath} is not an accepted field` };
    });
  }
  return [{ path, message: `${subjectOf(path)} ${issue.message}` }];
}

/**
 * Checks `input` against a `zod/mini` schema after {@link checkHostileJson}; answers the
 * parsed value (defaults applied, strings trimmed where the schema says) or the issues as
 * plain-English {@link FieldIssue}s (at most {@link MAX_ISSUES}).
 *
 * @example
 * const result = validate(otpBodySchema, await c.req.json());
 * if (!result.ok) return c.json(validationErrorBody(result.issues), 400);
 * result.value.otp; // '123456'
 */
export function validate<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  options: ValidateOptions = {},
): ValidationResult<z.output<S>> {
  const prefix = options.prefix ?? '';
  const hostile = checkHostileJson(input, MAX_JSON_DEPTH, prefix);
  if (hostile) return { ok: false, issues: [hostile] };
  const result = z.safeParse(schema, input, { error: describeIssue });
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.flatMap((issue) => toFieldIssues(issue, prefix));
  return { ok: false, issues: issues.slice(0, MAX_ISSUES) };
}

/**
 * The `VALIDATION_FAILED` error body: the first issue as the message, every issue in
 * `details.issues`.
 *
 * @example
 * validationErrorBody([{ path: 'otp', message: 'otp must be 4 to 8 digits' }]);
 * // { error: { code: 'VALIDATION_FAILED', message: 'The request is invalid: otp must be 4 to 8 digits.',
 * //   details: { issues: [{ path: 'otp', message: 'otp must be 4 to 8 digits' }] } } }
 */
export function validationErrorBody(issues: readonly FieldIssue[]): ErrorBody {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  const message = first
    ? `The request is invalid: ${first.message}${more}.`
    : 'The request is invalid.';
  return errorBody('VALIDATION_FAILED', message, { issues: [...issues] });
}
