-- Refunds in the query index (docs/design.md, "Refunds"): one summary row per refund, written by
-- the Payout object that pays it (a refund is a payout whose owner is a session), guarded by
-- its version like every other summary row.
CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  session_id TEXT NOT NULL,
  attempt_id TEXT NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  reference TEXT,
  sub_merchant_id TEXT,
  upstream_reference TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  settled_at INTEGER,
  next_check_at INTEGER,
  swept_at INTEGER
);
CREATE INDEX refunds_created ON refunds (created_at DESC, id DESC);
CREATE INDEX refunds_session ON refunds (session_id, created_at DESC, id DESC);
CREATE INDEX refunds_status ON refunds (status, created_at DESC, id DESC);
CREATE INDEX refunds_settled ON refunds (status, settled_at);
