/**
 * GET /api/wallet/get-balance: `Authorization: Bearer <token>` (a bare token works too). 200
 * `{ success: "true", message, data: [{ currency, balance, account_number, updated_at }] }`,
 * one wallet per currency; 401 `{ success: "false", message: "Credentials were not found." }`.
 * @module
 */
import { Hono } from 'hono';
import type { SandboxApp } from '../app-env';
import { bearerToken } from '../bearer';
import { catalogueOf, currenciesOf } from '../catalogue';
import { formatDate } from '../clock';
import { ENDPOINTS } from '../endpoints';
import { ledger } from '../ledger-stub';
import { FAILURE, SUCCESS } from '../messages';
import { injectedFaults } from '../middleware/faults';
import { decimalText } from '../money';
import { refusal } from '../respond';
import { refuse } from '../rules/refusal';

/** The balance route. */
export const balance = new Hono<SandboxApp>();

balance.get(ENDPOINTS['get-balance'].path, injectedFaults('get-balance'), async (c) => {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token || !(await ledger(c.env).checkToken(token))) {
    return refusal(c, refuse(401, FAILURE.credentials, 'missing, unknown or expired token'), true);
  }
  const wallets = await ledger(c.env).wallets(currenciesOf(catalogueOf(c.env)));
  return c.json({
    success: 'true',
    message: SUCCESS.balance,
    data: wallets.map((wallet) => ({
      currency: wallet.currency,
      balance: decimalText(wallet.balance_minor),
      account_number: wallet.account_number,
      updated_at: formatDate(wallet.updated_at),
    })),
  });
});
