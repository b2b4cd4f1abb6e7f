import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { errorStatus } from '../../shared/errors';
import {
  checkHostileJson,
  MAX_ISSUES,
  MAX_JSON_DEPTH,
  validate,
  validationErrorBody,
} from '../../shared/validation';
import { expectIssue, expectOk } from './schemas/expect-issue';

const nest = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('checkHostileJson', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('refuses a %s key anywhere', (key) => {
    const body = JSON.parse(`{"params":{"list":[{"${key}":{"polluted":true}}]}}`);
    const issue = checkHostileJson(body);
    expect(issue?.path).toBe(`params.list.0.${key}`);
    expect(issue?.message).toBe(
      `params.list.0.${key} is a forbidden key name ("__proto__", "constructor" and "prototype" are refused)`,
    );
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses ${MAX_JSON_DEPTH + 1}`, () => {
    expect(checkHostileJson(nest(MAX_JSON_DEPTH))).toBeNull();
    const issue = checkHostileJson(nest(MAX_JSON_DEPTH + 1));
    expect(issue?.path).toBe('a.a.a.a.a.a.a.a');
    expect(issue?.message).toMatch(
      /^a\.a\.a\.a\.a\.a\.a\.a is nested too deeply: at most 8 levels/,
    );
  });

  it('counts arrays as levels and names the body when the root is too deep', () => {
    expect(checkHostileJson([[[]]], 2)?.message).toMatch(/^0\.0 is nested too deeply/);
    expect(checkHostileJson({}, 0)?.message).toMatch(/^The body is nested too deeply/);
  });

  it('accepts ordinary JSON, scalars and keys that merely contain the words', () => {
    expect(checkHostileJson({ proto: 1, my_constructor: 'x', list: [1, 'a', null] })).toBeNull();
    expect(checkHostileJson('text')).toBeNull();
    expect(checkHostileJson(null)).toBeNull();
  });
});

describe('validate', () => {
  const schema = z.strictObject({
    name: z.string().check(z.minLength(1), z.maxLength(5)),
    count: z.int().check(z.gte(1)),
    kind: z.enum(['a', 'b']),
    tags: z.optional(z.array(z.string()).check(z.maxLength(2))),
    nested: z.optional(z.strictObject({ flag: z.boolean() })),
    url: z.optional(z.url({ protocol: /^https?$/ })),
  });

  it('answers the parsed value', () => {
    expect(expectOk(validate(schema, { name: 'x', count: 2, kind: 'a' }))).toEqual({
      name: 'x',
      count: 2,
      kind: 'a',
    });
  });

  it('says a missing field is required', () => {
    expectIssue(validate(schema, { count: 2, kind: 'a' }), 'name', 'name is required');
  });

  it('names the expected type', () => {
    const result = validate(schema, { name: 5, count: 1.5, kind: 'a', nested: { flag: 'yes' } });
    expectIssue(result, 'name', 'name must be a string');
    expectIssue(result, 'count', 'count must be a whole number (no decimals)');
    expectIssue(result, 'nested.flag', 'nested.flag must be true or false');
  });

  it('explains sizes, lists of values and formats', () => {
    const result = validate(schema, {
      name: '',
      count: 0,
      kind: 'c',
      tags: ['1', '2', '3'],
      url: 'ftp://x',
    });
    expectIssue(result, 'name', 'name must not be empty');
    expectIssue(result, 'count', 'count must be at least 1');
    expectIssue(result, 'kind', 'kind must be one of "a", "b"');
    expectIssue(result, 'tags', 'tags must have at most 2 items');
    expectIssue(result, 'url', 'url must be an absolute http or https URL');
    expectIssue(
      validate(schema, { name: 'toolong', count: 1, kind: 'a' }),
      'name',
      'name must be at most 5 characters long',
    );
  });

  it('reports each unknown key of a strict object on its own path', () => {
    const result = validate(schema, { name: 'x', count: 1, kind: 'a', extra: 1, more: 2 });
    expectIssue(result, 'extra', 'extra is not an accepted field');
    expectIssue(result, 'more', 'more is not an accepted field');
  });

  it('names the body when the whole input is wrong', () => {
    for (const input of ['text', [], null, undefined]) {
      const result = validate(schema, input);
      expect(result.ok ? null : result.issues[0]?.path).toBe('');
      expect(result.ok ? null : result.issues[0]?.message).toMatch(
        /^The body (must be an object|is required)$/,
      );
    }
  });

  it('prefixes paths and subjects', () => {
    const result = validate(schema, { count: 1, kind: 'a' }, { prefix: 'params' });
    expectIssue(result, 'params.name', 'params.name is required');
    const whole = validate(schema, 7, { prefix: 'params' });
    expect(whole.ok ? null : whole.issues[0]).toEqual({
      path: 'params',
      message: 'params must be an object',
    });
  });

  it('refuses hostile JSON before the schema runs', () => {
    const result = validate(z.looseObject({}), JSON.parse('{"__proto__":{"admin":true}}'));
    expectIssue(result, '__proto__', /forbidden key name/);
    expect(result.ok ? [] : result.issues).toHaveLength(1);
  });

  it(`reports at most ${MAX_ISSUES} issues`, () => {
    const many = z.strictObject({});
    const body = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    const result = validate(many, body);
    expect(result.ok ? [] : result.issues).toHaveLength(MAX_ISSUES);
  });

  it('uses the message a schema gives, after the path', () => {
    const pin = z.strictObject({ pin: z.string().check(z.regex(/^\d{4}$/, 'must be 4 digits')) });
    expectIssue(validate(pin, { pin: '12' }), 'pin', 'pin must be 4 digits');
  });
});

describe('validationErrorBody', () => {
  it('builds a VALIDATION_FAILED body with every issue in details.issues', () => {
    const issues = [
      { path: 'otp', message: 'otp must be 4 to 8 digits' },
      { path: 'extra', message: 'extra is not an accepted field' },
    ];
    const body = validationErrorBody(issues);
    expect(body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request is invalid: otp must be 4 to 8 digits (and 1 more).',
        details: { issues },
      },
    });
    expect(errorStatus[body.error.code]).toBe(400);
  });

  it('reads well with one issue or none', () => {
    expect(validationErrorBody([{ path: 'a', message: 'a is required' }]).error.message).toBe(
      'The request is invalid: a is required.',
    );
    expect(validationErrorBody([]).error.message).toBe('The request is invalid.');
  });
});
