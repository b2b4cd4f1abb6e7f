// The wire error body's helpers (shared/schemas/error-body.ts): doc_url and param.
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/errors';
import {
  ERROR_CODES,
  errorBodySchema,
  errorDocUrl,
  errorParam,
} from '../../../shared/schemas/error-body';
import { validate } from '../../../shared/validation';

describe('errorDocUrl', () => {
  it('is <origin>/docs#error-<CODE>', () => {
    expect(errorDocUrl('https://proxy.example', 'VALIDATION_FAILED')).toBe(
      'https://proxy.example/docs#error-VALIDATION_FAILED',
    );
    expect(errorDocUrl('http://127.0.0.1:8787/', 'NOT_FOUND')).toBe(
      'http://127.0.0.1:8787/docs#error-NOT_FOUND',
    );
  });
});

describe('errorParam', () => {
  const issue = (path: string) => ({ path, message: `${path} is wrong` });
  it('names the one field the issues are about', () => {
    expect(errorParam({ issues: [issue('customer.mobile')] })).toBe('customer.mobile');
    expect(errorParam({ issues: [issue('amount'), issue('amount')] })).toBe('amount');
  });
  it('is absent for several fields, the whole body, or no issues', () => {
    expect(errorParam({ issues: [issue('amount'), issue('currency')] })).toBeUndefined();
    expect(errorParam({ issues: [issue('')] })).toBeUndefined();
    expect(errorParam({ retry_after: 60 })).toBeUndefined();
    expect(errorParam(undefined)).toBeUndefined();
  });
});

describe('errorBodySchema', () => {
  it('knows every code and refuses a body without request_id or doc_url', () => {
    expect(ERROR_CODES).toEqual(Object.values(ErrorCode));
    const error = {
      code: 'NOT_FOUND',
      message: 'No route.',
      request_id: 'r1',
      doc_url: 'https://p.example/docs#error-NOT_FOUND',
    };
    expect(validate(errorBodySchema, { error }).ok).toBe(true);
    expect(validate(errorBodySchema, { error: { ...error, request_id: undefined } }).ok).toBe(
      false,
    );
    expect(validate(errorBodySchema, { error: { ...error, doc_url: undefined } }).ok).toBe(false);
    expect(validate(errorBodySchema, { error: { ...error, code: 'NOPE' } }).ok).toBe(false);
  });
});
