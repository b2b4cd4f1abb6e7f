-- The index check (docs/design.md, "Query index"): each object checks its own rows with its
-- `index_check` task, and the cron no longer marks which objects it swept.
ALTER TABLE sessions DROP COLUMN swept_at;
ALTER TABLE payouts DROP COLUMN swept_at;
ALTER TABLE refunds DROP COLUMN swept_at;
