/**
 * Which events a webhook endpoint receives: its `enabled_events` patterns, each `*` (every
 * event), `<group>.*` (every event of a group, e.g. `checkout.*`, `refund.*`) or an exact type
 * (`payout.succeeded`). Generic over the names: a new event type needs no change here.
 * @module
 */

/** What one pattern of `enabled_events` may be. */
export const EVENT_PATTERN = /^(\*|[a-z_]{1,40}\.(\*|[a-z_]{1,60}))$/;

/** The rule a refused pattern is answered with. */
export const EVENT_PATTERN_RULE =
  'must be "*", a group such as "checkout.*", or an event type such as "payout.succeeded"';

/**
 * Whether `type` is one of the events `patterns` select.
 *
 * @example
 * matchesEventType(['checkout.*', 'payout.succeeded'], 'checkout.failed'); // true
 * matchesEventType(['checkout.*'], 'payout.failed'); // false
 */
export function matchesEventType(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => {
    if (pattern === '*') return true;
    if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
    return pattern === type;
  });
}

/**
 * The same selection as an SQL condition over a `type` column (the events feed's replay).
 *
 * @example
 * eventTypeCondition(['checkout.*']); // { sql: '(substr(type, 1, 9) = ?)', bindings: ['checkout.'] }
 */
export function eventTypeCondition(patterns: readonly string[]): {
  sql: string;
  bindings: string[];
} {
  if (patterns.includes('*')) return { sql: '1 = 1', bindings: [] };
  const parts = patterns.map((pattern) =>
    pattern.endsWith('.*')
      ? { sql: `substr(type, 1, ${pattern.length - 1}) = ?`, binding: pattern.slice(0, -1) }
      : { sql: 'type = ?', binding: pattern },
  );
  return {
    sql: `(${parts.map((p) => p.sql).join(' OR ')})`,
    bindings: parts.map((p) => p.binding),
  };
}
