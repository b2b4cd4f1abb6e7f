/**
 * Merchant API over the query index (D1): list and search sessions (by metadata too), payouts
 * and payment-link payments, the events feed, the settlement report and the methods' success
 * rates (mounted in the merchant API). Bad query
 * parameters answer 400 VALIDATION_FAILED naming the parameter; nothing changes.
 * @module
 */
import { Hono, type Context } from 'hono';
import { validator } from 'hono/validator';
import { CheckoutError } from '../../shared/errors';
import type { ProxyApp } from '../app-env';
import { toCsv } from '../query/csv';
import { EVENT_RETENTION_DAYS, eventSeq, eventsPage } from '../query/events-feed';
import {
  EVENTS_SCHEMA,
  LIST_SCHEMAS,
  METHOD_STATS_SCHEMA,
  PHONE_LAST_DIGITS,
  REPORT_SCHEMA,
  millis,
  pageOf,
  parseQuery,
  queryOf,
} from '../query/list-query';
import { equals, isoOf, listPage, type Condition } from '../query/lists';
import { methodStats } from '../query/method-stats';
import { metadataConditions, splitMetadata } from '../query/metadata-filter';
import {
  REPORT_CSV_COLUMNS,
  REPORT_MAX_DAYS,
  REPORT_MAX_ROWS,
  reportRecords,
  settlementReport,
} from '../query/settlement-report';
import type {
  AttemptSummary,
  LinkPaymentSummary,
  PayoutSummary,
  PayoutBatchSummary,
  RefundSummary,
  SessionSummary,
} from '../index-store/tables';
import { contract, declareInput } from '../openapi/contract';
import {
  MAX_METADATA_KEYS,
  MAX_METADATA_KEY_LENGTH,
  MAX_METADATA_VALUE_LENGTH,
} from '../../shared/schemas/session-create';
import {
  eventsPageSchema,
  linkPaymentListSchema,
  methodStatsSchema,
  payoutListSchema,
  sessionListSchema,
  settlementReportSchema,
} from '../views/queries';
import { payoutBatchListSchema } from '../views/payout-batch';
import { refundListSchema } from '../views/refund';

/** The index binding, or CONFIG_INVALID when the deployment has none. */
function indexOf(c: Context<ProxyApp>): D1Database {
  if (!c.env.INDEX) {
    throw new CheckoutError('CONFIG_INVALID', 'The query index (D1 binding INDEX) is not bound.');
  }
  return c.env.INDEX;
}

function invalid(path: string, message: string): CheckoutError {
  return new CheckoutError('VALIDATION_FAILED', `The query is invalid: ${message}.`, {
    issues: [{ path, message }],
  });
}

const attemptView = (a: AttemptSummary) => ({
  id: a.id,
  status: a.status,
  country_id: a.country_id,
  method: a.method,
  upstream_reference: a.upstream_reference,
  created_at: isoOf(a.created_at),
  settled_at: isoOf(a.settled_at),
});

const sessionView = (s: SessionSummary) => ({
  id: s.id,
  status: s.status,
  amount: s.amount,
  currency: s.currency,
  reference: s.reference,
  country_id: s.country_id,
  sub_merchant_id: s.sub_merchant_id,
  attempt_count: s.attempt_count,
  created_at: isoOf(s.created_at),
  updated_at: isoOf(s.updated_at),
  expires_at: isoOf(s.expires_at),
});

const payoutView = (p: PayoutSummary) => ({
  reference: p.id,
  status: p.status,
  amount: p.amount,
  currency: p.currency,
  payment_method_type: p.method,
  country_id: p.country_id,
  upstream_reference: p.upstream_reference,
  created_at: isoOf(p.created_at),
  updated_at: isoOf(p.updated_at),
  settled_at: isoOf(p.settled_at),
});

const linkPaymentView = (l: LinkPaymentSummary) => ({
  id: l.id,
  status: l.status,
  amount: l.amount,
  currency: l.currency,
  reference: l.reference,
  upstream_reference: l.upstream_reference,
  link_id: l.link_id ?? null,
  payment_type: l.payment_type ?? null,
  created_at: isoOf(l.created_at),
  settled_at: isoOf(l.settled_at),
});

const payoutBatchView = (b: PayoutBatchSummary) => ({
  id: b.id,
  status: b.status,
  reference: b.reference,
  count: b.count,
  totals: JSON.parse(b.totals) as unknown,
  created_at: isoOf(b.created_at),
  updated_at: isoOf(b.updated_at),
  completed_at: isoOf(b.completed_at),
});

const refundView = (r: RefundSummary) => ({
  id: r.id,
  object: 'refund' as const,
  session: r.session_id,
  attempt: r.attempt_id,
  link_payment: r.link_payment_id ?? null,
  status: r.status,
  amount: r.amount,
  currency: r.currency,
  method: r.method,
  reference: r.reference,
  sub_merchant_id: r.sub_merchant_id,
  upstream_reference: r.upstream_reference,
  created: isoOf(r.created_at),
  updated: isoOf(r.updated_at),
  settled: isoOf(r.settled_at),
});

/**
 * `GET /v1/sessions`, `/v1/payouts`, `/v1/refunds`, `/v1/payment-link-payments`, `/v1/events`,
 * `/v1/reports/settlement`, `/v1/reports/methods`.
 *
 * @example
 * merchant.route('/', merchantQueries());
 */
export function merchantQueries() {
  const app = new Hono<ProxyApp>();

  // The list's parameters plus the metadata search (`metadata[<key>]=<value>`).
  const sessionsQuery = declareInput(
    validator('query', (value) => {
      const { rest, matches } = splitMetadata(value);
      return { ...parseQuery(LIST_SCHEMAS.sessions, rest), metadata: matches };
    }),
    'query',
    LIST_SCHEMAS.sessions,
  );
  app.get(
    '/sessions',
    contract({
      operationId: 'listSessions',
      tag: 'Sessions',
      summary: 'List and search sessions',
      description: 'Newest first, from the query index; `starting_after` takes `next_cursor`.',
      audience: 'merchant',
      // Read by worker/query/metadata-filter.ts, outside the zod query schema.
      parameters: [
        {
          name: 'metadata',
          in: 'query',
          required: false,
          style: 'deepObject',
          explode: true,
          description:
            '`metadata[<key>]=<value>`: sessions whose `metadata` holds exactly that value under ' +
            `that key; up to ${MAX_METADATA_KEYS} keys, all must match.`,
          schema: {
            type: 'object',
            maxProperties: MAX_METADATA_KEYS,
            propertyNames: { minLength: 1, maxLength: MAX_METADATA_KEY_LENGTH },
            additionalProperties: { type: 'string', maxLength: MAX_METADATA_VALUE_LENGTH },
          },
        },
      ],
      responses: { 200: sessionListSchema },
      errors: [],
    }),
    sessionsQuery,
    async (c) => {
      const db = indexOf(c);
      const q = c.req.valid('query');
      const conditions: Condition[] = equals({
        't.status': q.status,
        't.currency': q.currency,
        't.reference': q.reference,
        't.sub_merchant_id': q.sub_merchant_id,
        't.amount': q.amount === undefined ? undefined : Number(q.amount),
      });
      conditions.push(...metadataConditions(q.metadata));
      // The payer's phone by the digits its mask shows: the index holds only the masked number.
      if (q.phone_last !== undefined) {
        conditions.push({
          sql: `EXISTS (SELECT 1 FROM attempts a WHERE a.session_id = t.id AND substr(a.mobile_masked, -${PHONE_LAST_DIGITS}) = ?)`,
          bindings: [q.phone_last],
        });
      }
      // Country and method: what the session was restricted to, or what an attempt used.
      if (q.country_id !== undefined) {
        conditions.push({
          sql: '(t.country_id = ? OR EXISTS (SELECT 1 FROM attempts a WHERE a.session_id = t.id AND a.country_id = ?))',
          bindings: [Number(q.country_id), Number(q.country_id)],
        });
      }
      if (q.method !== undefined) {
        conditions.push({
          sql: 'EXISTS (SELECT 1 FROM attempts a WHERE a.session_id = t.id AND a.method = ?)',
          bindings: [q.method],
        });
      }
      const page = await listPage(db, 'sessions', conditions, pageOf(q), sessionView);
      // Each session's attempts, in one query for the page.
      const ids = page.data.map((s) => s.id);
      const attempts =
        ids.length === 0
          ? []
          : (
              await db
                .prepare(
                  `SELECT * FROM attempts WHERE session_id IN (${ids.map(() => '?').join(', ')}) ORDER BY n`,
                )
                .bind(...ids)
                .all<AttemptSummary>()
            ).results;
      return c.json({
        ...page,
        data: page.data.map((s) => ({
          ...s,
          attempts: attempts.filter((a) => a.session_id === s.id).map(attemptView),
        })),
      });
    },
  );

  app.get(
    '/payouts',
    contract({
      operationId: 'listPayouts',
      tag: 'Payouts',
      summary: 'List and search payouts',
      audience: 'merchant',
      responses: { 200: payoutListSchema },
      errors: [],
    }),
    queryOf(LIST_SCHEMAS.payouts),
    async (c) => {
      const q = c.req.valid('query');
      const conditions = equals({
        't.status': q.status,
        't.currency': q.currency,
        't.country_id': q.country_id === undefined ? undefined : Number(q.country_id),
        't.method': q.method,
        't.id': q.reference,
      });
      return c.json(await listPage(indexOf(c), 'payouts', conditions, pageOf(q), payoutView));
    },
  );

  app.get(
    '/payout-batches',
    contract({
      operationId: 'listPayoutBatches',
      tag: 'Payout batches',
      summary: 'List payout batches',
      audience: 'merchant',
      responses: { 200: payoutBatchListSchema },
      errors: ['VALIDATION_FAILED'],
    }),
    queryOf(LIST_SCHEMAS.payout_batches),
    async (c) => {
      const q = c.req.valid('query');
      const conditions = equals({ 't.status': q.status });
      return c.json(
        await listPage(indexOf(c), 'payout_batches', conditions, pageOf(q), payoutBatchView),
      );
    },
  );

  app.get(
    '/refunds',
    contract({
      operationId: 'listRefunds',
      tag: 'Refunds',
      summary: 'List and search refunds',
      description: 'Newest first, from the query index; `starting_after` takes `next_cursor`.',
      audience: 'merchant',
      responses: { 200: refundListSchema },
      errors: [],
    }),
    queryOf(LIST_SCHEMAS.refunds),
    async (c) => {
      const q = c.req.valid('query');
      const conditions = equals({
        't.session_id': q.session_id,
        't.status': q.status,
        't.currency': q.currency,
        't.reference': q.reference,
        't.sub_merchant_id': q.sub_merchant_id,
      });
      return c.json(await listPage(indexOf(c), 'refunds', conditions, pageOf(q), refundView));
    },
  );

  app.get(
    '/payment-link-payments',
    contract({
      operationId: 'listPaymentLinkPayments',
      tag: 'Payment links',
      summary: 'List and search payment-link payments',
      audience: 'merchant',
      responses: { 200: linkPaymentListSchema },
      errors: [],
    }),
    queryOf(LIST_SCHEMAS.link_payments),
    async (c) => {
      const q = c.req.valid('query');
      const conditions = equals({ 't.status': q.status, 't.currency': q.currency });
      if (q.reference !== undefined) {
        conditions.push({
          sql: '(t.reference = ? OR t.upstream_reference = ?)',
          bindings: [q.reference, q.reference],
        });
      }
      return c.json(
        await listPage(indexOf(c), 'link_payments', conditions, pageOf(q), linkPaymentView),
      );
    },
  );

  app.get(
    '/events',
    contract({
      operationId: 'listEvents',
      tag: 'Webhooks',
      summary: 'The events feed (every webhook, oldest first, 30 days)',
      audience: 'merchant',
      responses: { 200: eventsPageSchema },
      errors: [],
    }),
    queryOf(EVENTS_SCHEMA),
    async (c) => {
      const db = indexOf(c);
      const q = c.req.valid('query');
      let afterSeq = 0;
      if (q.after !== undefined) {
        const seq = await eventSeq(db, q.after);
        if (seq === null) {
          throw invalid(
            'after',
            `after names no event in the feed (unknown, or older than ${EVENT_RETENTION_DAYS} days)`,
          );
        }
        afterSeq = seq;
      }
      return c.json(
        await eventsPage(db, {
          afterSeq,
          type: q.type,
          subMerchantId: q.sub_merchant_id,
          limit: Number(q.limit ?? '100'),
        }),
      );
    },
  );

  app.get(
    '/reports/settlement',
    contract({
      operationId: 'getSettlementReport',
      tag: 'Reports',
      summary: 'The settlement report of a period (JSON or CSV)',
      audience: 'merchant',
      responses: { 200: settlementReportSchema },
      alternatives: [
        {
          status: 200,
          contentType: 'text/csv',
          description:
            `With \`format=csv\`: the columns ${REPORT_CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}; ` +
            '`record` is `row` (refunds are rows of kind `refund`), `total`, `net` or `anomaly` ' +
            '(docs/settlement-report.md).',
        },
      ],
      errors: [],
    }),
    queryOf(REPORT_SCHEMA),
    async (c) => {
      const q = c.req.valid('query');
      const { from, to } = periodOf(q);
      const report = await settlementReport(indexOf(c), from, to, q.group_by ?? null);
      if (!report) {
        throw invalid(
          'to',
          `the period holds more than ${REPORT_MAX_ROWS} rows; ask for a shorter one`,
        );
      }
      if (q.format === 'csv') {
        return c.body(toCsv(REPORT_CSV_COLUMNS, reportRecords(report)), 200, {
          'content-type': 'text/csv; charset=utf-8; header=present',
          'content-disposition': `attachment; filename="settlement-${q.from.slice(0, 10)}-${q.to.slice(0, 10)}.csv"`,
        });
      }
      return c.json(report);
    },
  );

  app.get(
    '/reports/methods',
    contract({
      operationId: 'getMethodStats',
      tag: 'Reports',
      summary: 'Success rate and median time to pay per method and country',
      description:
        'Over the attempts created in `[from, to)` (at most 93 days), from the query index. ' +
        'Only a definite answer counts: unsettled attempts are in neither side of the rate.',
      audience: 'merchant',
      responses: { 200: methodStatsSchema },
      errors: [],
    }),
    queryOf(METHOD_STATS_SCHEMA),
    async (c) => {
      const q = c.req.valid('query');
      const { from, to } = periodOf(q);
      return c.json({ from: q.from, to: q.to, data: await methodStats(indexOf(c), from, to) });
    },
  );

  return app;
}

/** A report's validated `from` and `to` in ms: `to` after `from`, at most REPORT_MAX_DAYS on. */
function periodOf(q: { from: string; to: string }): { from: number; to: number } {
  const from = millis(q.from)!;
  const to = millis(q.to)!;
  if (to <= from) throw invalid('to', 'to must be after from');
  if (to - from > REPORT_MAX_DAYS * 86_400_000) {
    throw invalid('to', `to must be at most ${REPORT_MAX_DAYS} days after from`);
  }
  return { from, to };
}
