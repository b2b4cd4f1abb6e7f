/**
 * Payout batches (docs/payout-batches.md): create from JSON rows or a CSV upload, approve by
 * another actor, cancel, resume, and follow (the summary, the rows, the results file). Each
 * batch is one PayoutBatch object (worker/payout-batch/); its rows become ordinary payouts.
 * `GET /v1/payout-batches` (the list) is in worker/routes/merchant-queries.ts.
 * @module
 */
import { Hono, type Context } from 'hono';
import { CheckoutError } from '../../shared/errors';
import {
  balanceResponseSchema,
  BATCH_MAX_ROWS,
  payoutBatchBodySchema,
  payoutBatchFieldsSchema,
} from '../../shared/schemas';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import { validate } from '../../shared/validation';
import type { ProxyApp } from '../app-env';
import { claimKey, idempotencyKeyOf } from '../idempotency/claim';
import { newBatchId } from '../ids';
import { createdByOf } from '../keys/created-by';
import { readJson, readText } from '../middleware/json-body';
import { checkRows, csvRows, type RowIssue } from '../payout-batch/batch-rows';
import { parseCsv } from '../payout-batch/csv-parse';
import { usedReferences } from '../payout-batch/used-references';
import type { CurrencyAmount } from '../payout-batch/view';
import { toCsv } from '../query/csv';
import { payoutBatchStub } from '../stubs';
import { withToken } from '../token-cache';
import { respond } from './respond';
import { contract } from '../openapi/contract';
import { BODY_ERRORS, IDEMPOTENCY_ERRORS, UPSTREAM_ERRORS } from '../openapi/route-errors';
import { payoutBatchBody, payoutBatchRowsSchema, payoutBatchSchema } from '../views/payout-batch';

/** 5,000 rows of about 100 bytes, with room. */
export const PAYOUT_BATCH_BODY_LIMIT = 2 * 1024 * 1024;

/** Rows of one page of `GET /v1/payout-batches/:id/rows` (default, most). */
const ROWS_PAGE = { default: 100, max: 1000 };

/** The 422 of a batch with bad rows: nothing is recorded. */
function refused(rows: RowIssue[]): never {
  throw new CheckoutError(
    'BATCH_INVALID',
    `The batch has ${rows.length} problem${rows.length === 1 ? '' : 's'}; nothing was recorded.`,
    { rows: rows.slice(0, 1000) },
  );
}

/** The request's rows (JSON or CSV) and the batch's own fields, or a 4xx. */
async function readBatch(c: Context<ProxyApp>) {
  const type = c.req.header('content-type') ?? '';
  if (/^text\/csv\s*(;|$)/i.test(type)) {
    const text = await readText(c, PAYOUT_BATCH_BODY_LIMIT);
    const parsed = parseCsv(text);
    if (!parsed.ok) {
      refused([{ line: parsed.line, field: '', code: 'unreadable', message: parsed.message }]);
    }
    const { rows, issues } = csvRows(parsed.header, parsed.records);
    const fields = validate(payoutBatchFieldsSchema, c.req.query());
    if (!fields.ok) {
      throw new CheckoutError('VALIDATION_FAILED', 'The query is invalid.', {
        issues: fields.issues,
      });
    }
    return {
      hashed: text,
      rows,
      issues,
      reference: fields.value.reference ?? null,
      description: fields.value.description ?? null,
    };
  }
  const body = await readJson(c, PAYOUT_BATCH_BODY_LIMIT);
  const checked = validate(payoutBatchBodySchema, body);
  if (!checked.ok) {
    throw new CheckoutError('VALIDATION_FAILED', 'The payout batch is invalid.', {
      issues: checked.issues,
    });
  }
  return {
    hashed: body,
    rows: checked.value.rows.map((value, i) => ({ line: i + 1, value })),
    issues: [] as RowIssue[],
    reference: checked.value.reference ?? null,
    description: checked.value.description ?? null,
  };
}

/** The upstream's wallet balance per currency. */
async function balances(c: Context<ProxyApp>): Promise<CurrencyAmount[]> {
  const result = await withToken(
    c.env,
    c.var.config,
    UPSTREAM_PATHS.balance,
    balanceResponseSchema,
  );
  if (result.kind !== 'ok') {
    throw new CheckoutError(
      result.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE',
      'The payment service could not tell the wallet balance; approve again.',
    );
  }
  return result.body.data.flatMap((item) => {
    const { currency, balance } = (item ?? {}) as { currency?: unknown; balance?: unknown };
    const amount = Number(balance);
    return typeof currency === 'string' && Number.isFinite(amount) ? [{ currency, amount }] : [];
  });
}

/** `{partial?: boolean}`, or nothing. */
async function approveBody(c: Context<ProxyApp>): Promise<{ partial: boolean }> {
  if ((c.req.header('content-length') ?? '0') === '0' && !c.req.header('content-type')) {
    return { partial: false };
  }
  const body = (await readJson(c)) as { partial?: unknown } | null;
  const partial = body?.partial ?? false;
  if (typeof partial !== 'boolean' || Object.keys(body ?? {}).some((k) => k !== 'partial')) {
    throw new CheckoutError('VALIDATION_FAILED', 'The body is {"partial": true | false}.', {
      issues: [{ path: 'partial', message: 'partial must be true or false' }],
    });
  }
  return { partial };
}

/** The docs' section of the payout batch routes. */
const tag = 'Payout batches';
/** What a batch in the wrong state for the action answers. */
const STATE_ERRORS = ['NOT_FOUND', 'BATCH_STATE_CONFLICT'] as const;

/**
 * The routes, mounted in the merchant API under /v1.
 *
 * @example
 * merchant.route('/', merchantPayoutBatches());
 */
export function merchantPayoutBatches() {
  const app = new Hono<ProxyApp>();

  app.post(
    '/payout-batches',
    contract({
      operationId: 'createPayoutBatch',
      tag,
      summary: 'Create a payout batch (JSON rows or a CSV upload)',
      description:
        'Every row is checked first; a batch with any bad row is refused whole (422 ' +
        '`BATCH_INVALID`, `details.rows` = `[{line, field, code, message}]`, the CSV header being ' +
        'line 1, a JSON row its index + 1) and nothing is recorded. A good batch waits for ' +
        'another actor’s approval. A CSV may carry `reference` and `description` as query ' +
        'parameters.',
      audience: 'merchant',
      body: payoutBatchBody,
      bodyAlternatives: [
        {
          contentType: 'text/csv',
          description:
            'UTF-8 with or without a BOM, `,` or `;` separated, quoted fields; header ' +
            '`reference,amount,currency,mobile,method,narration`.',
        },
      ],
      idempotent: true,
      responses: { 201: payoutBatchSchema, 200: payoutBatchSchema },
      errors: ['BATCH_INVALID', ...BODY_ERRORS, ...IDEMPOTENCY_ERRORS],
    }),
    async (c) => {
      const input = await readBatch(c);
      if (input.rows.length === 0) {
        refused([{ line: 2, field: '', code: 'required', message: 'the batch has no rows' }]);
      }
      if (input.rows.length > BATCH_MAX_ROWS) {
        refused([
          {
            line: input.rows.at(-1)!.line,
            field: '',
            code: 'too_many_rows',
            message: `a batch holds at most ${BATCH_MAX_ROWS} rows`,
          },
        ]);
      }
      const checked = checkRows(input.rows, c.var.config.catalogue);
      const issues = [
        ...input.issues,
        ...checked.issues,
        ...(await usedReferences(c.env, checked.rows)),
      ];
      if (issues.length > 0) refused(issues.sort((a, b) => a.line - b.line));
      const key = idempotencyKeyOf(c);
      const id =
        key === undefined
          ? newBatchId()
          : (await claimKey(c, 'payout-batches', key, input.hashed, newBatchId())).record.resource;
      const outcome = await payoutBatchStub(c.env, id).init({
        batch_id: id,
        reference: input.reference,
        description: input.description,
        created_by: createdByOf(c),
        rows: checked.rows,
      });
      if (!outcome.ok) return respond(c, outcome);
      return c.json(outcome.value.batch, outcome.value.created ? 201 : 200);
    },
  );

  app.get(
    '/payout-batches/:id',
    contract({
      operationId: 'getPayoutBatch',
      tag,
      summary: 'Read a payout batch: counts, totals, progress',
      audience: 'merchant',
      responses: { 200: payoutBatchSchema },
      errors: ['NOT_FOUND'],
    }),
    async (c) => respond(c, await payoutBatchStub(c.env, c.req.param('id')).view()),
  );

  app.get(
    '/payout-batches/:id/rows',
    contract({
      operationId: 'listPayoutBatchRows',
      tag,
      summary: 'Page through a batch’s rows with their payout state',
      audience: 'merchant',
      parameters: [
        { name: 'starting_after', in: 'query', schema: { type: 'integer', minimum: 0 } },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
      ],
      responses: { 200: payoutBatchRowsSchema },
      errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
    }),
    async (c) => {
      const after = Number(c.req.query('starting_after') ?? '0');
      const limit = Number(c.req.query('limit') ?? ROWS_PAGE.default);
      if (!Number.isInteger(after) || after < 0) {
        throw new CheckoutError('VALIDATION_FAILED', 'starting_after must be a line number.', {
          issues: [{ path: 'starting_after', message: 'starting_after must be a line number' }],
        });
      }
      if (!Number.isInteger(limit) || limit < 1 || limit > ROWS_PAGE.max) {
        throw new CheckoutError('VALIDATION_FAILED', `limit must be 1 to ${ROWS_PAGE.max}.`, {
          issues: [{ path: 'limit', message: `limit must be 1 to ${ROWS_PAGE.max}` }],
        });
      }
      return respond(c, await payoutBatchStub(c.env, c.req.param('id')).rows(after, limit));
    },
  );

  app.get(
    '/payout-batches/:id/results.csv',
    contract({
      operationId: 'getPayoutBatchResults',
      tag,
      summary: 'Download a batch’s results (line, reference, status, upstream reference, failure)',
      audience: 'merchant',
      responses: { 200: { contentType: 'text/csv', description: 'RFC 4180 CSV, one row a line.' } },
      errors: ['NOT_FOUND'],
    }),
    async (c) => {
      const stub = payoutBatchStub(c.env, c.req.param('id'));
      const rows = [];
      for (let after = 0; ;) {
        const page = await stub.rows(after, ROWS_PAGE.max);
        if (!page.ok) return respond(c, page);
        rows.push(...page.value.data);
        if (!page.value.has_more) break;
        after = page.value.data.at(-1)!.line;
      }
      const csv = toCsv(
        [
          'line',
          'reference',
          'payout_reference',
          'amount',
          'currency',
          'status',
          'upstream_reference',
          'failure',
        ],
        rows,
      );
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${c.req.param('id')}-results.csv"`,
      });
    },
  );

  app.post(
    '/payout-batches/:id/approve',
    contract({
      operationId: 'approvePayoutBatch',
      tag,
      summary: 'Approve a payout batch (another actor than its creator)',
      description:
        'Body `{"partial": true}` (optional) sends even when the wallet balance is below a ' +
        'currency’s total; without it such a batch is 409 `INSUFFICIENT_BALANCE` with the figures.',
      audience: 'merchant',
      responses: { 200: payoutBatchSchema },
      errors: [
        ...STATE_ERRORS,
        'SAME_APPROVER',
        'INSUFFICIENT_BALANCE',
        ...BODY_ERRORS,
        ...UPSTREAM_ERRORS,
      ],
    }),
    async (c) => {
      const stub = payoutBatchStub(c.env, c.req.param('id'));
      const { partial } = await approveBody(c);
      return respond(c, await stub.approve(createdByOf(c), partial, await balances(c)));
    },
  );

  app.post(
    '/payout-batches/:id/cancel',
    contract({
      operationId: 'cancelPayoutBatch',
      tag,
      summary: 'Cancel a batch before approval, or its rows not yet sent',
      audience: 'merchant',
      responses: { 200: payoutBatchSchema },
      errors: [...STATE_ERRORS],
    }),
    async (c) => respond(c, await payoutBatchStub(c.env, c.req.param('id')).cancel()),
  );

  app.post(
    '/payout-batches/:id/resume',
    contract({
      operationId: 'resumePayoutBatch',
      tag,
      summary: 'Continue a batch paused by the wallet balance',
      audience: 'merchant',
      responses: { 200: payoutBatchSchema },
      errors: [...STATE_ERRORS],
    }),
    async (c) => respond(c, await payoutBatchStub(c.env, c.req.param('id')).resume()),
  );

  return app;
}
