-- Refunds of payment-link payments (docs/refunds.md): a refund names either a session's attempt
-- or a payment-link payment, so session_id and attempt_id may be null and link_payment_id
-- names the link payment (SQLite keeps NOT NULL on ALTER: the table is rebuilt).
CREATE TABLE refunds_next (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  session_id TEXT,
  attempt_id TEXT,
  link_payment_id TEXT,
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
  next_check_at INTEGER
);
INSERT INTO refunds_next (id, version, session_id, attempt_id, status, amount, currency, method,
  reference, sub_merchant_id, upstream_reference, created_at, updated_at, settled_at,
  next_check_at)
SELECT id, version, session_id, attempt_id, status, amount, currency, method, reference,
  sub_merchant_id, upstream_reference, created_at, updated_at, settled_at, next_check_at
FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_next RENAME TO refunds;
CREATE INDEX refunds_created ON refunds (created_at DESC, id DESC);
CREATE INDEX refunds_session ON refunds (session_id, created_at DESC, id DESC);
CREATE INDEX refunds_status ON refunds (status, created_at DESC, id DESC);
CREATE INDEX refunds_settled ON refunds (status, settled_at);
CREATE INDEX refunds_link_payment ON refunds (link_payment_id, created_at DESC, id DESC);
