-- Payout batches in the query index (docs/payout-batches.md): one summary row per batch, written
-- by its PayoutBatch object and guarded by its version like every other summary row, so
-- `GET /v1/payout-batches` lists them newest first without visiting each object.
CREATE TABLE payout_batches (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  reference TEXT,
  count INTEGER NOT NULL,
  totals TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE INDEX payout_batches_created ON payout_batches (created_at DESC, id DESC);
