-- Money heard is money counted (docs/money-rules.md, "Money counted"): each attempt's summary
-- row carries what its reports counted, per currency (JSON `{"KES": 1200}`; null while none),
-- which the settlement report reads instead of the session's amount.
ALTER TABLE attempts ADD COLUMN counted TEXT;
