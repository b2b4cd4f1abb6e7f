/**
 * Rules across the fields of one object (e.g. "currency must match country_id"), run even
 * when some field has the wrong type, so a body's problems are all reported at once. Each
 * rule reads fields defensively and skips a field whose type is wrong (the field's own schema
 * reports it).
 * @module
 */
import * as z from 'zod/mini';

/** One broken rule: the field it concerns (relative to the object) and why. */
export interface RuleIssue {
  path: (string | number)[];
  /** The end of a sentence that starts with the field's path ("must be …"). */
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A check that runs `rules` over an object and reports what they return.
 *
 * @example
 * const schema = z.looseObject({ a: z.number(), b: z.number() }).check(
 *   objectRules((v) => (v.a === v.b ? [{ path: ['b'], message: 'must differ from a' }] : [])),
 * );
 */
export function objectRules(rules: (value: Record<string, unknown>) => RuleIssue[]) {
  return z.check<Record<string, unknown>>(
    (ctx) => {
      for (const issue of rules(ctx.value)) {
        ctx.issues.push({
          code: 'custom',
          path: issue.path,
          message: issue.message,
          input: ctx.value,
        });
      }
    },
    { when: (payload) => isRecord(payload.value) },
  );
}
