// The refund model's world (refund-model.ts): what the upstream reported about the payer's
// collection (the money counted per movement and currency, as worker/payment/money-count.ts
// counts it), the refunds as the model knows them, and what the refund budget must answer.
import { expect } from 'vitest';
import type { RefundAnswer } from '../refunds/support';
import { failedParams, successParams } from '../sessions/support';

/** The session's amount and currency. */
export const PAID = 1000;
export const OWN = 'KES';
/** What a report in another currency says was paid (a hundred times the amount). */
export const OTHER_PAID = 100_000;
/** Currencies a refund may name: the session's, the one a report may pay in, and one nobody
 * ever pays in. */
export const CURRENCIES = ['KES', 'UGX', 'TZS'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * A report of the payer's collection (a signed callback): the amount on its own transaction
 * (`match`), that amount in another currency (`currency`), more than it on its own transaction
 * (`more`), the amount on a transaction it was never given (`second`), or a failure.
 */
export type Report = 'match' | 'currency' | 'more' | 'second' | 'failure';

/** The callback params of a report, and the movement of money it says happened (if any). */
export function reportOf(
  report: Report,
  attemptId: string,
  upstreamRef: string,
): {
  params: Record<string, unknown>;
  money?: { movement: string; currency: Currency; amount: number };
} {
  switch (report) {
    case 'match':
      return {
        params: successParams(attemptId, upstreamRef, PAID),
        money: { movement: 'own', currency: OWN, amount: PAID },
      };
    case 'currency':
      return {
        params: successParams(attemptId, upstreamRef, OTHER_PAID, { currency: 'UGX' }),
        money: { movement: 'own', currency: 'UGX', amount: OTHER_PAID },
      };
    case 'more':
      return {
        params: successParams(attemptId, upstreamRef, PAID + 200),
        money: { movement: 'own', currency: OWN, amount: PAID + 200 },
      };
    case 'second': {
      const other = `${upstreamRef}-2`;
      return {
        params: successParams(attemptId, other, PAID, { reference: other }),
        money: { movement: 'second', currency: OWN, amount: PAID },
      };
    }
    case 'failure':
      return { params: failedParams(attemptId, upstreamRef) };
  }
}

/** Where a refund in a currency is paid (ending 005: the sandbox keeps it pending; `now`:
 * ending 000, paid at once with its callback). */
export function destinationFor(currency: string, now = false): { method: string; mobile: string } {
  const ending = now ? '000' : '005';
  return currency === 'UGX'
    ? { method: 'mtn', mobile: `256772111${ending}` }
    : { method: 'send money', mobile: `254712345${ending}` };
}

export type Truth = 'pending' | 'success' | 'failed' | 'other' | 'absent';
export type Known = 'pending' | 'succeeded' | 'failed' | 'mismatch';

/** One refund as the model knows it. */
export interface ModelRefund {
  id: string;
  amount: number;
  currency: string;
  /** What the upstream holds (`absent`: the create was never processed). */
  truth: Truth;
  /** The amount the upstream paid out when it settled for another. */
  other: number;
  /** The upstream sends no callback for it (its create answer was lost). */
  silent: boolean;
  upstreamRef: string | null;
  /** What the proxy knows now. */
  known: Known;
}

/** What the proxy learns from the upstream's truth (a status query, or a callback). */
export function learnt(r: ModelRefund): Known {
  if (r.truth === 'success') return 'succeeded';
  if (r.truth === 'failed') return 'failed';
  if (r.truth === 'other') return r.other === r.amount ? 'succeeded' : 'mismatch';
  return 'pending';
}

/** The money heard and the refunds made of one payment. */
export class Ledger {
  /** What was counted per movement and currency (`own|KES`): the largest amount reported. */
  movements = new Map<string, number>();
  refunds: ModelRefund[] = [];

  /** Counts a report's money as the proxy must (a movement again: its largest amount). */
  hear(money: { movement: string; currency: string; amount: number }): void {
    const key = `${money.movement}|${money.currency}`;
    this.movements.set(key, Math.max(this.movements.get(key) ?? 0, money.amount));
  }

  counted(currency: string): number {
    let sum = 0;
    for (const [key, amount] of this.movements) if (key.endsWith(`|${currency}`)) sum += amount;
    return sum;
  }

  /** What the refunds in a currency hold: nothing once failed, else the most paid or asked. */
  held(currency: string): number {
    return this.refunds
      .filter((r) => r.currency === currency && r.known !== 'failed')
      .reduce(
        (sum, r) => sum + (r.known === 'mismatch' ? Math.max(r.amount, r.other) : r.amount),
        0,
      );
  }

  left(currency: string): number {
    return this.counted(currency) - this.held(currency);
  }

  /** Any money counted at all. */
  paidAny(): boolean {
    return CURRENCIES.some((c) => this.counted(c) > 0);
  }

  /**
   * How many of `asks` (in order) the budget must accept, and the code of every refusal: with
   * nothing counted in the currency, CURRENCY_MISMATCH when another one was, else NOT_PAID;
   * else REFUND_EXCEEDS_PAID once the amount (by default, what is left) passes what is left.
   */
  expect(currency: string, asks: readonly (number | null)[]): { made: number; refusal: string } {
    if (this.counted(currency) === 0) {
      const other = CURRENCIES.some((c) => c !== currency && this.counted(c) > 0);
      return { made: 0, refusal: other ? 'CURRENCY_MISMATCH' : 'NOT_PAID' };
    }
    let room = this.left(currency);
    let made = 0;
    for (const amount of asks) {
      const wants = amount ?? room;
      if (room > 0 && wants <= room) {
        made += 1;
        room -= wants;
      }
    }
    return { made, refusal: 'REFUND_EXCEEDS_PAID' };
  }
}

/** Expects a refusal the model predicts, in the documented error shape. */
export function expectRefusal(answer: RefundAnswer, code: string, context: string): void {
  expect(answer.status, `${context}: ${JSON.stringify(answer.json)}`).toBe(409);
  expect(answer.json.error?.code, context).toBe(code);
}
