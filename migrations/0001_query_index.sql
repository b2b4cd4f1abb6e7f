-- The query index (docs/design.md, "Query index"). Every row is a summary written by the
-- Durable Object that owns it, through its task queue, at least once: an upsert keyed by id
-- and guarded by the object's version (`WHERE excluded.version > <table>.version`), so a late
-- or repeated write never overwrites a newer one. Times are milliseconds since the epoch.

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  reference TEXT NOT NULL,
  country_id INTEGER,
  sub_merchant_id TEXT,
  attempt_count INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- When the sweep last asked the object to check its rows (null: never).
  swept_at INTEGER
);
CREATE INDEX sessions_created ON sessions (created_at DESC, id DESC);
CREATE INDEX sessions_status ON sessions (status, created_at DESC, id DESC);
CREATE INDEX sessions_reference ON sessions (reference);
CREATE INDEX sessions_sub_merchant ON sessions (sub_merchant_id, created_at DESC, id DESC);

CREATE TABLE attempts (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  session_id TEXT NOT NULL,
  n INTEGER NOT NULL,
  status TEXT NOT NULL,
  country_id INTEGER NOT NULL,
  method TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  reference TEXT NOT NULL,
  sub_merchant_id TEXT,
  upstream_reference TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- Set once the money status left pending.
  settled_at INTEGER,
  -- When the object's next status query is due (null: none scheduled).
  next_check_at INTEGER
);
CREATE INDEX attempts_session ON attempts (session_id);
CREATE INDEX attempts_status ON attempts (status, next_check_at);
CREATE INDEX attempts_settled ON attempts (status, settled_at);
CREATE INDEX attempts_method ON attempts (method, session_id);
CREATE INDEX attempts_country ON attempts (country_id, session_id);

CREATE TABLE payouts (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  country_id INTEGER,
  upstream_reference TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  settled_at INTEGER,
  next_check_at INTEGER,
  swept_at INTEGER
);
CREATE INDEX payouts_created ON payouts (created_at DESC, id DESC);
CREATE INDEX payouts_status ON payouts (status, next_check_at);
CREATE INDEX payouts_settled ON payouts (status, settled_at);

CREATE TABLE link_payments (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER,
  currency TEXT,
  reference TEXT,
  upstream_reference TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  settled_at INTEGER
);
CREATE INDEX link_payments_created ON link_payments (created_at DESC, id DESC);
CREATE INDEX link_payments_settled ON link_payments (status, settled_at);

-- Every merchant webhook event ever queued, with the body the webhook carries; `seq` is the
-- global order of the feed (GET /v1/events?after=). Kept 30 days (the sweep prunes).
CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  source_id TEXT NOT NULL,
  sub_merchant_id TEXT,
  created_at INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX events_type ON events (type, seq);
CREATE INDEX events_created ON events (created_at);
