-- Search by the payer's phone (GET /v1/sessions?phone_last=000): each attempt's phone as the API
-- masks it (dial code and last three digits, shared/phone.ts), never the full number. The
-- object keeps the same masked form after erasure, so the index holds nothing erasure removes.
-- Additive: rows written before it keep null until their session writes again or
-- `npm run reindex` runs. Search by amount (`amount=1500`) reads sessions.amount.
ALTER TABLE attempts ADD COLUMN mobile_masked TEXT;
