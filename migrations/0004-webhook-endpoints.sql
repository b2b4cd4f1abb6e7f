-- Webhook endpoints (docs/webhooks.md): the deliveries log, one row per try of one event to one
-- endpoint, written by the delivering object through its index outbox (at least once; the id
-- makes a repeat harmless). Ids, status, HTTP code, duration and the error's reason only: no
-- body, header or secret. Kept 30 days (the sweep prunes). The endpoints and their secrets live
-- in the WebhookEndpoints Durable Object, not here.
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  endpoint_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL,
  http_status INTEGER,
  duration_ms INTEGER NOT NULL,
  error TEXT,
  attempt INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at);
