/**
 * Fixed settings of the end-to-end suite: ports, artifact paths, the sandbox time scale and the
 * dev secrets (from dev.vars.example, as `npm run dev` uses them).
 * @module
 */
import path from 'node:path';
import { devVars } from '../../support/dev-vars';

/** The ports of one end-to-end stack: the proxy with the sandbox, the merchant's two servers. */
export interface E2EPorts {
  stackPort: number;
  receiverPort: number;
  shopPort: number;
}

/**
 * The e2e project's stack: 8797 (+ inspector 9797), with 8789 and 8790 for the merchant's
 * servers. The e2e-engines project has its own (vitest.config.ts, `UC_E2E_PORTS`), so the two
 * can run side by side.
 */
const DEFAULT_PORTS: E2EPorts = { stackPort: 8797, receiverPort: 8789, shopPort: 8790 };

/**
 * The ports a project's stack listens on: `UC_E2E_PORTS` in its env (`stack,receiver,shop`),
 * else the e2e project's.
 *
 * @example
 * e2ePorts({ UC_E2E_PORTS: '8803,8791,8792' }); // { stackPort: 8803, receiverPort: 8791, shopPort: 8792 }
 */
export function e2ePorts(env: Record<string, unknown> = {}): E2EPorts {
  const given = env.UC_E2E_PORTS;
  if (typeof given !== 'string') return DEFAULT_PORTS;
  const [stackPort, receiverPort, shopPort] = given.split(',').map(Number);
  if (![stackPort, receiverPort, shopPort].every((p) => Number.isInteger(p) && p! > 0)) {
    throw new Error(`UC_E2E_PORTS must be three ports, stack,receiver,shop (it is ${given})`);
  }
  return { stackPort: stackPort!, receiverPort: receiverPort!, shopPort: shopPort! };
}

/** Paths. */
export const E2E = {
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
