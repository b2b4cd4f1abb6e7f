/**
 * The query index's tables in D1 (migrations/0001_query_index.sql) and the one upsert every
 * summary row goes through: keyed by id, guarded by the owning object's version, so an old
 * write (a retry, a late task, a reindex racing a change) never overwrites a newer one.
 * @module
 */

/** A session's summary row. */
export interface SessionSummary {
  id: string;
  status: string;
  amount: number;
  currency: string;
  reference: string;
  country_id: number | null;
  sub_merchant_id: string | null;
  attempt_count: number;
  created_at: number;
  updated_at: number;
  expires_at: number;
  /** The session's `metadata` as JSON (null: none, or erased), searched by `GET /v1/sessions?metadata[k]=v`;
   * migrations/0003. Left out, an insert stores null and an update keeps the stored value. */
  metadata?: string | null;
}

/** An attempt's summary row (one upstream collection). */
export interface AttemptSummary {
  id: string;
  session_id: string;
  n: number;
  status: string;
  country_id: number;
  method: string;
  amount: number;
  currency: string;
  reference: string;
  sub_merchant_id: string | null;
  upstream_reference: string | null;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
  next_check_at: number | null;
  /** JSON: what its reports counted, per currency (worker/payment/money-count.ts); null: none. */
  counted: string | null;
  /** The payer's phone as the API masks it (`254******000`; null: none), searched by
   * `GET /v1/sessions?phone_last=`; migrations/0012. Never the full number. */
  mobile_masked: string | null;
}

/** A payout's summary row (`id` is the merchant's payout reference). */
export interface PayoutSummary {
  id: string;
  status: string;
  amount: number;
  currency: string;
  method: string;
  country_id: number | null;
  upstream_reference: string | null;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
  next_check_at: number | null;
  /** JSON: what its reports counted, per currency (worker/payment/money-count.ts); null: none
   * (migrations/0010-counted-money-kinds.sql). */
  counted: string | null;
}

/** A refund's summary row (`id` is the refund id `re_…`, also the reference of the payout
 * that pays it; migrations/0006-refunds.sql). */
export interface RefundSummary {
  id: string;
  /** Null for a refund of a payment-link payment (migrations/0008-link-refunds.sql). */
  session_id: string | null;
  attempt_id: string | null;
  /** The payment-link payment refunded, else null (migrations/0008-link-refunds.sql). */
  link_payment_id: string | null;
  status: string;
  amount: number;
  currency: string;
  method: string;
  /** The merchant's own reference of the refund, when given. */
  reference: string | null;
  sub_merchant_id: string | null;
  upstream_reference: string | null;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
  next_check_at: number | null;
  /** JSON: what its reports counted, per currency (worker/payment/money-count.ts); null: none
   * (migrations/0010-counted-money-kinds.sql). */
  counted: string | null;
}

/** A payment-link payment's summary row (`id` is its key: the upstream reference). */
export interface LinkPaymentSummary {
  id: string;
  status: string;
  amount: number | null;
  currency: string | null;
  reference: string | null;
  upstream_reference: string | null;
  /** The link the proxy created (null: created elsewhere); migrations/0002. */
  link_id: string | null;
  /** How the payer paid, when the link's page offered a choice (Kenya); migrations/0002. */
  payment_type: string | null;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
  /** JSON: what its reports counted, per currency (worker/payment/money-count.ts); null: none
   * (migrations/0010-counted-money-kinds.sql). */
  counted: string | null;
}

/** A payout batch's summary row (`id` is `pb_…`; migrations/0011-payout-batches.sql). */
export interface PayoutBatchSummary {
  id: string;
  status: string;
  reference: string | null;
  count: number;
  /** JSON `[{currency, amount}]`: the batch's totals. */
  totals: string;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

/** A merchant webhook event as the feed keeps it. */
export interface EventSummary {
  id: string;
  type: string;
  source_id: string;
  sub_merchant_id: string | null;
  created_at: number;
  /** The webhook's body, exactly as sent. */
  body: string;
}

/** Summary kinds, each with its D1 table. */
export const INDEX_TABLES = {
  session: 'sessions',
  attempt: 'attempts',
  payout: 'payouts',
  link_payment: 'link_payments',
  refund: 'refunds',
  payout_batch: 'payout_batches',
} as const;

/** A kind of summary row. */
export type SummaryKind = keyof typeof INDEX_TABLES;

/** The row type of each kind. */
export interface SummaryOf {
  session: SessionSummary;
  attempt: AttemptSummary;
  payout: PayoutSummary;
  link_payment: LinkPaymentSummary;
  refund: RefundSummary;
  payout_batch: PayoutBatchSummary;
}

/**
 * The guarded upsert of one summary row at `version`: inserted when absent, updated only when
 * `version` is newer than the stored one (an equal or older version changes nothing).
 *
 * @example
 * await upsertSummary(env.INDEX, 'session', summary, 7).run();
 */
export function upsertSummary<K extends SummaryKind>(
  db: D1Database,
  kind: K,
  row: SummaryOf[K],
  version: number,
): D1PreparedStatement {
  const table = INDEX_TABLES[kind];
  // A summary is a flat object of column values: its keys are the row's columns.
  const record: Record<string, unknown> = { ...row, version };
  const columns = Object.keys(record);
  const updates = columns
    .filter((c) => c !== 'id')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  return db
    .prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${updates} WHERE excluded.version > ${table}.version`,
    )
    .bind(...columns.map((c) => record[c] ?? null));
}

/**
 * Adds one event to the feed once (a repeat changes nothing); the feed's order is D1's
 * insertion sequence.
 *
 * @example
 * await insertEvent(env.INDEX, event).run();
 */
export function insertEvent(db: D1Database, event: EventSummary): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO events (id, type, source_id, sub_merchant_id, created_at, body)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      event.id,
      event.type,
      event.source_id,
      event.sub_merchant_id,
      event.created_at,
      event.body,
    );
}
