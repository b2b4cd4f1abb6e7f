/**
 * POST /api/v3/get-unified-transaction-status: params id and type (`payin` | `payout`). id may
 * be third_party_reference_1, third_party_reference_2, the service's ref (= reference,
 * depositId) or payment_reference. 200 `{ success: true, message, status_code, data }` where
 * status_code is the transaction's; 400 when nothing of that type matches (or id/type is
 * missing); 403 on an envelope failure — both with the documented messages
 * (docs/upstream-api.md, "Error messages").
 * @module
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { SandboxApp } from '../app-env';
import { ENDPOINTS } from '../endpoints';
import { ledger } from '../ledger-stub';
import { FAILURE, SUCCESS } from '../messages';
import { signedEnvelope } from '../middleware/envelope';
import { injectedFaults } from '../middleware/faults';
import { transactionRecord } from '../records';
import { refusal } from '../respond';
import { text } from '../rules/fields';
import { checkParams, refuse } from '../rules/refusal';

const StatusParams = z.object({ id: text, type: z.enum(['payin', 'payout']) });

/** The status-query route. */
export const status = new Hono<SandboxApp>();

status.post(
  ENDPOINTS.status.path,
  injectedFaults('status'),
  signedEnvelope({ refused: FAILURE.statusNotFound, notVerified: FAILURE.notVerified }),
  async (c) => {
    const parsed = checkParams(StatusParams, c.get('params'), FAILURE.statusNotFound);
    if (!parsed.ok) return refusal(c, parsed);
    const lookup = await ledger(c.env).findTransaction(parsed.value.id, parsed.value.type);
    if (lookup.found === 'other_type') {
      return refusal(
        c,
        refuse(400, FAILURE.statusNotFound, `the transaction is not a ${parsed.value.type}`),
      );
    }
    if (lookup.found === 'no') {
      return refusal(c, refuse(400, FAILURE.statusNotFound, 'no transaction has this id'));
    }
    if (lookup.found === 'lagging') {
      return refusal(
        c,
        refuse(
          400,
          FAILURE.statusNotFound,
          'the transaction exists; a lagging replica (control not-created)',
        ),
      );
    }
    return c.json({
      success: true,
      message: SUCCESS.status,
      status_code: lookup.tx.status_code,
      data: transactionRecord(lookup, c.env.SANDBOX_SENDER),
    });
  },
);
