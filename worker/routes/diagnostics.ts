/**
 * `GET /v1/diagnostics`: the doctor's checks (worker/doctor/checks.ts) run from this Worker —
 * the address the payment service sees, which is what its IP whitelist judges. Merchant Bearer
 * key, same error shape as the merchant API. 200 when every check passes (warnings allowed),
 * 503 otherwise; the body is the report either way, with `failing_tasks`: the tasks of any
 * session, payout or ledger that keep throwing (null when they could not be read).
 * `GET /v1/diagnostics/summary`: the failing tasks and the integration's health alone, without
 * the checks (no upstream call), for a page that asks often.
 *
 * Outside development mode only a sound key reads it: a key with any problem of its own
 * (`uc_test_`, under 128 bits, an `expires_at` that does not parse, an id used twice) or a
 * development credential (public in dev.vars.example) gets 401 like an unknown key. While the
 * configuration does not validate, the report names only the settings to fix: no upstream URL,
 * no failing tasks (their object ids).
 * @module
 */
import { Hono } from 'hono';
import { isDevMode, loadConfig } from '../config';
import { isDevCredential } from '../dev-mode';
import { runDoctor } from '../doctor/checks';
import { failingTasks } from '../integration-health/failing-task-log';
import { integrationHealth } from '../session/upstream-faults';
import type { ProxyApp } from '../app-env';
import type { ProxyEnv } from '../env';
import { parseMerchantKeys, type MerchantKey } from '../keys/merchant-keys';
import { scopesFor } from '../keys/route-scopes';
import { authenticate, requireScope } from '../middleware/merchant-auth';
import { contract } from '../openapi/contract';
import { diagnosticsSchema, diagnosticsSummarySchema } from '../views/payments';

/**
 * The keys that may read diagnostics. They are read here, not from the validated configuration:
 * the report is what names a configuration problem. In development mode, every key as it
 * parses; outside it, only the sound keys that are not development credentials.
 */
function diagnosticsKeys(env: ProxyEnv): MerchantKey[] {
  const devMode = isDevMode(env);
  // The problems are the config check's to report; here only the sound keys matter.
  const parsed = parseMerchantKeys(env, devMode, () => {});
  if (devMode) return parsed.keys;
  return parsed.sound.filter((key) => !isDevCredential(key.key));
}

/** The route's path, as the scope table and the OpenAPI document name it. */
const DIAGNOSTICS_PATH = '/v1/diagnostics';

/** True when the configuration validates (loadConfig caches it per env). */
function validates(env: ProxyEnv): boolean {
  try {
    loadConfig(env);
    return true;
  } catch {
    return false;
  }
}

/**
 * The diagnostics route. Mounted outside the merchant API: its key check does not validate the
 * whole configuration first.
 *
 * @example
 * app.route('/v1/diagnostics', diagnostics());
 */
export function diagnostics() {
  const app = new Hono<ProxyApp>();
  app.use('*', async (c, next) => {
    // The console (worker/console/console-api.ts) has checked its user's role already.
    if (!c.get('keyScopeChecked')) {
      const key = await authenticate(c, diagnosticsKeys(c.env));
      // Who may read it is the one scope table's answer, as for every merchant route.
      requireScope(c, key, scopesFor(c.req.method, DIAGNOSTICS_PATH));
    }
    await next();
  });
  // What needs someone without running the checks (no upstream call): the console's Home
  // counts it on every visit. Null failing tasks: unreadable, as in the full report.
  app.get(
    '/summary',
    contract({
      operationId: 'getDiagnosticsSummary',
      tag: 'Operations',
      summary: 'Failing tasks and the integration’s health, without the checks',
      audience: 'merchant',
      responses: { 200: diagnosticsSummarySchema },
      errors: [],
    }),
    async (c) => {
      const [integration, failing] = await Promise.all([
        integrationHealth(c.env),
        validates(c.env) ? failingTasks(c.env).catch(() => null) : Promise.resolve(null),
      ]);
      return c.json({ integration, failing_tasks: failing, key_id: c.var.keyId });
    },
  );
  app.get(
    '/',
    contract({
      operationId: 'getDiagnostics',
      tag: 'Operations',
      summary: "The doctor's checks, run from the Worker",
      audience: 'merchant',
      responses: { 200: diagnosticsSchema, 503: diagnosticsSchema },
      errors: [],
    }),
    async (c) => {
      const key = { id: c.var.keyId };
      const report = await runDoctor(c.env);
      // Which key asked: the report is the merchant's record of who looked.
      if (!validates(c.env)) return c.json({ ...report, key_id: key.id }, 503);
      // Tasks that keep throwing in some object (worker/durable/failing-tasks.ts): listed, they
      // do not change `ok` (the checks above say whether the configuration works now).
      const failing = await failingTasks(c.env).catch(() => null);
      return c.json({ ...report, failing_tasks: failing, key_id: key.id }, report.ok ? 200 : 503);
    },
  );
  return app;
}
