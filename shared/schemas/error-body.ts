/**
 * The error body every answer of the proxy Worker carries on the wire (merchant API, public
 * checkout API, hosted callbacks' JSON errors, unknown routes, 4xx and 5xx alike):
 * `{ error: { code, message, param?, details?, request_id, doc_url } }` (docs/api.md,
 * "Error shape"). The Worker builds it in one place (worker/middleware/error-envelope.ts) from
 * the code, message and details a route or a Durable Object answered.
 * @module
 */
import * as z from 'zod/mini';
import { ErrorCode } from '../errors';

/** Every stable error code, as a list (shared/errors.ts). */
export const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/**
 * The error body as sent:
 * - `code`: a stable code of shared/errors.ts;
 * - `message`: a human sentence (may be reworded, never parse it);
 * - `param?`: the dotted path of the one field a validation error names (e.g.
 *   `customer.mobile`, or a query parameter such as `metadata[cart]`);
 * - `details?`: what the code carries (e.g. `issues`, `retry_after`);
 * - `request_id`: the same id as the `X-Request-Id` response header;
 * - `doc_url`: the code's entry in the reference served at `/docs`
 *   ({@link errorDocUrl}).
 */
export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    param: z.optional(z.string().check(z.minLength(1))),
    details: z.optional(z.record(z.string(), z.unknown())),
    request_id: z.string().check(z.minLength(1)),
    doc_url: z.url({ protocol: /^https?$/ }),
  }),
});

/** The error body as sent (see {@link errorBodySchema}). */
export type ErrorResponseBody = z.output<typeof errorBodySchema>;

/**
 * The documentation address of an error code: the anchor `error-<CODE>` of `/docs` on the
 * origin that answered.
 *
 * @example
 * errorDocUrl('https://proxy.example', 'VALIDATION_FAILED');
 * // 'https://proxy.example/docs#error-VALIDATION_FAILED'
 */
export function errorDocUrl(origin: string, code: ErrorCode): string {
  return `${origin.replace(/\/+$/, '')}/docs#error-${code}`;
}

/**
 * The `param` of an error: the path its `details.issues` name when they all name one field
 * (a path such as `customer.mobile`), otherwise none (several fields, or the whole body).
 *
 * @example
 * errorParam({ issues: [{ path: 'customer.mobile', message: '…' }] }); // 'customer.mobile'
 * errorParam({ issues: [{ path: 'amount', message: '…' }, { path: 'currency', message: '…' }] }); // undefined
 */
export function errorParam(details: Record<string, unknown> | undefined): string | undefined {
  const issues = details?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const paths = new Set(
    issues.map((issue: unknown) =>
      issue !== null && typeof issue === 'object' && 'path' in issue ? issue.path : undefined,
    ),
  );
  const [path] = paths;
  return paths.size === 1 && typeof path === 'string' && path !== '' ? path : undefined;
}
