/**
 * Field schemas (zod/mini) the upstream's request rules are built of.
 * @module
 */
import * as z from 'zod/mini';

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

/** An optional string value as text or null (empty → null). */
export function orNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}
