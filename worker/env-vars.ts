/**
 * Reading the proxy's vars and secrets by name, as configuration parsing does: wrangler types
 * each one, but a check that loops over names (the required list, the development credentials,
 * the rotation's `<NAME>_PREVIOUS`) reads them as what they may really hold, unknown.
 * @module
 */

/**
 * The value of the var or secret `name` in `env` (undefined when unset), read without trusting
 * its declared type.
 *
 * @example
 * envVar(env, 'RETENTION_DAYS'); // '90' or undefined
 */
export function envVar(env: object, name: string): unknown {
  return Reflect.get(env, name);
}

/**
 * A number var, `fallback` when unset or empty; a malformed one adds a problem and answers
 * `fallback`. Non-negative by default; `positive`: greater than 0; `whole`: an integer.
 *
 * @example
 * const delay = numberVar(env, 'RECONCILE_DELAY_SECONDS', 30, problems);
 * const failures = numberVar(env, 'SIGNATURE_ALERT_FAILURES', 5, problems, { positive: true, whole: true });
 */
export function numberVar(
  env: object,
  name: string,
  fallback: number,
  problems: string[],
  { positive = false, whole = false }: { positive?: boolean; whole?: boolean } = {},
): number {
  const raw = envVar(env, name);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const inRange = positive ? value > 0 : value >= 0;
  if (!Number.isFinite(value) || !inRange || (whole && !Number.isInteger(value))) {
    const bound = positive ? 'number greater than 0' : 'non-negative number';
    problems.push(`${name} must be a ${whole ? 'whole ' : ''}${bound}`);
    return fallback;
  }
  return value;
}

/** True for an absolute http: or https: URL. */
export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
