/**
 * The one type guard for "a JSON object": untrusted JSON (an upstream answer, a callback
 * envelope) is narrowed with it before its schema runs, instead of being cast.
 * @module
 */

/**
 * True for a JSON object: not null, not an array.
 *
 * @example
 * isJsonObject(JSON.parse('{"a":1}')); // true
 * isJsonObject(JSON.parse('[1]')); // false
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
