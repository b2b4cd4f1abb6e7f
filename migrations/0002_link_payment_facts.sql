-- Payment-link payments: the link the proxy created that was paid (null for a link created
-- elsewhere) and the payment type the payer chose on the hosted page (Kenya: till number, pay
-- bill, bank transfer, send money). Additive: old rows keep null.
ALTER TABLE link_payments ADD COLUMN link_id TEXT;
ALTER TABLE link_payments ADD COLUMN payment_type TEXT;
