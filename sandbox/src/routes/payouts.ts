/**
 * POST /api/v1/sandbox/payouts: the sandbox's own payout-creation endpoint (the real one is not
 * documented: docs/upstream-api.md, "Payout creation"). Signed envelope; params amount, currency,
 * mobile, payment_method_type, third_party_reference_1, payment_reference?, client_callback_url.
 * The outcome follows the recipient's last three digits. 200 `{ success: true, message, data,
 * status_code: "000000" }`; 400 (a rule, a duplicate reference, an insufficient balance); 403
 * (envelope).
 * @module
 */
import { Hono } from 'hono';
import type { SandboxApp } from '../app-env';
import { catalogueOf } from '../catalogue';
import { ENDPOINTS } from '../endpoints';
import { ledger } from '../ledger-stub';
import { FAILURE, SUCCESS } from '../messages';
import { signedEnvelope } from '../middleware/envelope';
import { injectedFaults } from '../middleware/faults';
import { payoutData } from '../records';
import { refusal } from '../respond';
import { refuse } from '../rules/refusal';
import { checkPayout } from '../rules/payout';

/** The payout-creation route. */
export const payouts = new Hono<SandboxApp>();

payouts.post(
  ENDPOINTS.payouts.path,
  injectedFaults('payouts'),
  signedEnvelope({ refused: FAILURE.collectionRefused, notVerified: FAILURE.notVerified }),
  async (c) => {
    const checked = checkPayout(c.get('params'), catalogueOf(c.env));
    if (!checked.ok) return refusal(c, checked);
    const created = await ledger(c.env).createPayout(checked.value, c.get('silent'));
    if (!created.ok) {
      return created.reason === 'duplicate'
        ? refusal(
            c,
            refuse(400, FAILURE.collectionRefused, 'third_party_reference_1 was already used'),
          )
        : refusal(
            c,
            refuse(400, FAILURE.insufficientBalance, 'the wallet cannot cover amount plus fee'),
          );
    }
    return c.json({
      success: true,
      message: SUCCESS.payout,
      data: payoutData(created.tx),
      status_code: '000000',
    });
  },
);
