/**
 * Fixed settings of the end-to-end suite: ports, artifact paths, the sandbox time scale and the
 * dev secrets (from dev.vars.example, as `npm run dev` uses them).
 * @module
 */
import path from 'node:path';
import { devVars } from '../../support/dev-vars';

/** Ports and paths. 8797 (+ inspector 9797) is the e2e stack; 8789 and 8790 the merchant's servers. */
export const E2E = {
  stackPort: 8797,
  receiverPort: 8789,
  shopPort: 8790,
  /**
   * Screenshots, response bodies, logs: test-results/e2e/ (test-results/e2e-engines/ for the
   * cross-engine smoke, whose vitest project sets UC_E2E_ARTIFACTS).
   */
  artifacts: path.resolve(process.env.UC_E2E_ARTIFACTS ?? 'test-results/e2e'),
} as const;

/**
 * How many times faster the sandbox clock runs. Two constraints meet here: an OTP lives two
 * sandbox minutes (6 s at 20×: room for a wrong code and the right one) and a virtual account
 * thirty (90 s at 20×: it expires while the rest of the suite runs).
 */
export const TIME_SCALE = 20;

const vars = devVars();

/** The local secrets; the sweep makes sure none of them ever reaches a browser or a log. */
export const SECRETS = {
  serviceSecretKey: vars.SERVICE_SECRET_KEY!,
  merchantApiKey: vars.MERCHANT_API_KEY!,
  webhookSecret: vars.MERCHANT_WEBHOOK_SECRET!,
};
