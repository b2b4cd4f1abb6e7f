// Every Durable Object of the worker that runs timed
// tasks extends worker/durable/outboxed-object.ts, whose `alarm()` is the only one. TypeScript
// has no `final`, so this check stands in for it: no other file of worker/ defines `alarm()`,
// apart from the listed objects whose one timer ends their own record (no task queue).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BASE = 'worker/durable/outboxed-object.ts';

/** Objects whose alarm is not task-driven: a single timer that erases the object's record. A
 * task table there would cost a storage write per request, and `deleteAll()` would drop the
 * queue under the drain. */
const OWN_TIMER = [
  'worker/idempotency/idempotency-key.ts',
  'worker/prompt-limits/phone-limiter.ts',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** A method named `alarm` (with or without `override` / `async`). */
const ALARM_METHOD = /^\s*(?:override\s+)?(?:async\s+)?alarm\s*\(/m;

describe('one alarm implementation', () => {
  it('only the object base defines alarm(), apart from the own-timer objects', () => {
    const defining = sources('worker')
      .filter((file) => ALARM_METHOD.test(readFileSync(file, 'utf8')))
      .sort();
    expect(defining).toEqual([BASE, ...OWN_TIMER].sort());
  });

  it('the objects that keep outboxes extend the base', () => {
    for (const file of [
      'worker/session/checkout-session.ts',
      'worker/payout/payout.ts',
      'worker/ledger/ledger.ts',
      'worker/webhook-endpoints/webhook-endpoints.ts',
    ]) {
      expect(readFileSync(file, 'utf8'), file).toMatch(/extends OutboxedObject</);
    }
  });

  it('the base runs its own kinds and hands the rest to typed handlers', () => {
    const base = readFileSync(BASE, 'utf8');
    expect(base).toMatch(/protected abstract readonly handlers: TaskHandlers<K>/);
    expect(base.match(/override async alarm\(/g)).toHaveLength(1);
  });
});
