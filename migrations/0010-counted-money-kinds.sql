-- Money heard is money counted, for every kind of payment (docs/money-rules.md, "Money
-- counted"): as attempts do since 0009, each payment-link payment's, payout's and refund's
-- summary row carries what its reports counted (paid in, or paid out), per currency (JSON
-- `{"KES": 1800}`; null while none), which the settlement report reads instead of the
-- payment's own terms.
ALTER TABLE link_payments ADD COLUMN counted TEXT;
ALTER TABLE payouts ADD COLUMN counted TEXT;
ALTER TABLE refunds ADD COLUMN counted TEXT;
