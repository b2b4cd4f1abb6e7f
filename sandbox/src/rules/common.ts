/**
 * Building blocks of the upstream's request rules: field schemas (zod/mini) and the shape of a
 * refusal. A refusal carries the spec's message and the sandbox's own reason, which is sent
 * in the `X-Sandbox-Reason` header so a developer can tell which rule was broken.
 * @module
 */
import * as z from 'zod/mini';

/** Why a request was refused: HTTP status, the upstream's message, the precise reason. */
export interface Refusal {
  ok: false;
  status: 400 | 401 | 403 | 404;
  message: string;
  reason: string;
}

/** A rule check's result. */
export type Checked<T> = { ok: true; value: T } | Refusal;

/**
 * A refusal.
 *
 * @example
 * return refuse(400, FAILURE.collectionRefused, 'amount must be a whole number');
 */
export function refuse(status: Refusal['status'], message: string, reason: string): Refusal {
  return { ok: false, status, message, reason };
}

/** A string with at least one non-space character (kept as sent). */
export const text = z
  .string()
  .check(z.refine((value) => value.trim().length > 0, 'must not be empty'));

/** An optional string: absent, null or empty all mean "not given". */
export const optionalText = z.nullish(z.string());

/** An http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/ });

/** A whole number greater than zero (a decimal such as 100.5 is refused). */
export const positiveInt = z.int().check(z.positive());

/**
 * The first problem of a failed parse, as `field: why`.
 *
 * @example
 * reasonOf(schema.safeParse(params).error); // 'amount: Invalid input: expected int, received number'
 */
export function reasonOf(error: z.core.$ZodError | undefined): string {
  const issue = error?.issues[0];
  if (!issue) return 'invalid request';
  return `${issue.path.join('.') || 'params'}: ${issue.message}`;
}

/**
 * An optional string value as text or null (empty → null).
 *
 * @example
 * orNull('  '); // null
 */
export function orNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}
