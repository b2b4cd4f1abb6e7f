/**
 * The shape of a refusal: an HTTP status, the upstream's message (docs/upstream-api.md, "Error
 * messages") and the sandbox's own reason, which is sent in the `X-Sandbox-Reason` header so a
 * developer can tell which rule was broken.
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

/** A refusal. */
export function refuse(status: Refusal['status'], message: string, reason: string): Refusal {
  return { ok: false, status, message, reason };
}

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
 * Parses params with a rule's schema: the parsed value, or a 400 refusal with the upstream's
 * `message` and the first problem as the reason.
 *
 * @example
 * const parsed = checkParams(PayoutParams, params, FAILURE.collectionRefused);
 * if (!parsed.ok) return parsed;
 */
export function checkParams<S extends z.ZodMiniType>(
  schema: S,
  params: unknown,
  message: string,
): Checked<z.output<S>> {
  const parsed = schema.safeParse(params);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : refuse(400, message, reasonOf(parsed.error));
}
