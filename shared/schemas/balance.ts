/**
 * The upstream's wallet balance response (`GET /api/wallet/get-balance`). The upstream does
 * not document the structure of the items of `data`, so they are kept as they come.
 * @module
 */
import * as z from 'zod/mini';
import { maybe, successFlag } from './fields';

/**
 * The balance response: `data` is an array of items of unknown shape.
 *
 * @example
 * const balance = validate(balanceResponseSchema, body);
 * if (balance.ok) return c.json({ balances: balance.value.data });
 */
export const balanceResponseSchema = z.looseObject({
  success: successFlag,
  message: maybe(z.string()), // informational: its absence changes nothing
  data: z.array(z.unknown()),
});

/** The balance response. */
export type BalanceResponse = z.output<typeof balanceResponseSchema>;
