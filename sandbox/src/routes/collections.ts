/**
 * POST /api/v4/service-unified-collections: create a collection for any method and market.
 * Success: 200 `{ success: true, message, data, status_code: "000000" }`.
 * Refusals: 400 (a rule, a duplicate third_party_reference_1, a decimal amount), 403 (envelope),
 * 404 "User not found!" (unknown sub_merchant_id).
 * @module
 */
import { Hono } from 'hono';
import type { SandboxApp } from '../app-env';
import { catalogueOf } from '../catalogue';
import { ENDPOINTS } from '../endpoints';
import { ledger } from '../ledger-stub';
import { FAILURE } from '../messages';
import { signedEnvelope } from '../middleware/envelope';
import { injectedFaults } from '../middleware/faults';
import { collectionData, collectionMessage } from '../records';
import { refusal } from '../respond';
import { checkCollection } from '../rules/collection';
import { refuse } from '../rules/refusal';
import { subMerchantsOf } from '../sub-merchants';

/** The collections route. */
export const collections = new Hono<SandboxApp>();

collections.post(
  ENDPOINTS.collections.path,
  injectedFaults('collections'),
  signedEnvelope({ refused: FAILURE.collectionRefused, notVerified: FAILURE.notVerified }),
  async (c) => {
    const checked = checkCollection(c.get('params'), catalogueOf(c.env), subMerchantsOf(c.env));
    if (!checked.ok) return refusal(c, checked);
    const created = await ledger(c.env).createCollection(checked.value, c.get('silent'));
    if (!created.ok) {
      return refusal(
        c,
        refuse(400, FAILURE.collectionRefused, 'third_party_reference_1 was already used'),
      );
    }
    const publicUrl = c.env.SANDBOX_PUBLIC_URL;
    return c.json({
      success: true,
      message: collectionMessage(created.tx, publicUrl),
      data: collectionData(created.tx, publicUrl),
      status_code: '000000',
    });
  },
);
