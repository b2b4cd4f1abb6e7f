/**
 * Payment links. POST /api/v3/payment-link-api/create (signed): 200
 * `{ success: true, message, data: link }`; 400 "Payment link was not created."; 403 "Entity
 * integration record not found.". GET /api/payment-link-api/list (bearer token from
 * get-token, `?search=` on business or item name): 200 `{ success: true, message, data: [link] }`;
 * 401 "Credentials were not found.".
 * @module
 */
import { Hono } from 'hono';
import type { SandboxApp } from '../app-env';
import { bearerToken } from '../bearer';
import { catalogueOf } from '../catalogue';
import { ENDPOINTS } from '../endpoints';
import { ledger } from '../ledger-stub';
import { FAILURE, SUCCESS } from '../messages';
import { signedEnvelope } from '../middleware/envelope';
import { injectedFaults } from '../middleware/faults';
import { linkRecord } from '../records';
import { refusal } from '../respond';
import { refuse } from '../rules/refusal';
import { checkPaymentLink } from '../rules/payment-link';

/** The payment-link routes. */
export const paymentLinks = new Hono<SandboxApp>();

paymentLinks.post(
  ENDPOINTS['payment-link-create'].path,
  injectedFaults('payment-link-create'),
  signedEnvelope({ refused: FAILURE.linkRefused, notVerified: FAILURE.linkNotVerified }),
  async (c) => {
    const checked = checkPaymentLink(c.get('params'), catalogueOf(c.env));
    if (!checked.ok) return refusal(c, checked);
    const link = await ledger(c.env).createLink(checked.value);
    return c.json({
      success: true,
      message: SUCCESS.linkCreated,
      data: linkRecord(link, c.env.SANDBOX_PUBLIC_URL),
    });
  },
);

paymentLinks.get(
  ENDPOINTS['payment-link-list'].path,
  injectedFaults('payment-link-list'),
  async (c) => {
    const token = bearerToken(c.req.header('Authorization'));
    if (!token || !(await ledger(c.env).checkToken(token))) {
      return refusal(c, refuse(401, FAILURE.credentials, 'missing, unknown or expired token'));
    }
    const links = await ledger(c.env).links(c.req.query('search'));
    return c.json({
      success: true,
      message: SUCCESS.links,
      data: links.map((link) => linkRecord(link, c.env.SANDBOX_PUBLIC_URL)),
    });
  },
);
