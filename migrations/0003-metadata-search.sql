-- Metadata search (GET /v1/sessions?metadata[cart]=c-9): each session's `metadata` as the JSON
-- the session object keeps (null: none, or erased with its personal data). Additive: rows
-- written before it keep null until their session writes again or `npm run reindex` runs.
ALTER TABLE sessions ADD COLUMN metadata TEXT;
