/**
 * `POST /v1/admin/reindex` (merchant API): asks objects to send every query-index
 * row of theirs again, at their current versions (rows already current change nothing). The
 * objects are the source of truth; `npm run reindex` (scripts/reindex.mjs) lists them and
 * calls this route in batches.
 * @module
 */
import { Hono } from 'hono';
import { CheckoutError } from '../../shared/errors';
import type { ProxyApp } from '../app-env';
import { ledgerNames } from '../ledger/shards';
import { jsonBody } from '../middleware/json-body';
import { REINDEX_BATCH, reindexBody } from './reindex-body';
import { contract } from '../openapi/contract';
import { reindexResultSchema } from '../views/payments';

/**
 * The admin routes.
 *
 * @example
 * merchant.route('/admin', merchantAdmin());
 */
export function merchantAdmin() {
  const app = new Hono<ProxyApp>();

  const body = jsonBody(reindexBody, { invalid: 'The reindex request is invalid.' });
  app.post(
    '/reindex',
    contract({
      operationId: 'reindex',
      tag: 'Operations',
      summary: 'Rewrite query-index rows from their objects',
      audience: 'merchant',
      responses: { 200: reindexResultSchema },
      errors: [],
    }),
    body,
    async (c) => {
      const { namespace, names = [], object_ids: objectIds = [] } = c.req.valid('json');
      if (names.length + objectIds.length > REINDEX_BATCH) {
        throw new CheckoutError(
          'VALIDATION_FAILED',
          `At most ${REINDEX_BATCH} objects per request.`,
        );
      }
      const ns =
        namespace === 'sessions'
          ? c.env.SESSIONS
          : namespace === 'payouts'
            ? c.env.PAYOUTS
            : c.env.LEDGER;
      const ids = [
        ...(namespace === 'ledgers' && names.length === 0 && objectIds.length === 0
          ? ledgerNames()
          : names
        ).map((name) => ns.idFromName(name)),
        ...objectIds.map((hex) => ns.idFromString(hex)),
      ];
      const repairs = await Promise.all(
        ids.map((id) =>
          namespace === 'sessions'
            ? c.env.SESSIONS.get(id).reindex()
            : namespace === 'payouts'
              ? c.env.PAYOUTS.get(id).reindex()
              : c.env.LEDGER.get(id).reindex(),
        ),
      );
      const rows = repairs.reduce((sum, repair) => sum + repair.requeued, 0);
      return c.json({ objects: ids.length, rows });
    },
  );

  return app;
}
