-- Method availability (worker/payment-methods/availability.ts) counts each method's attempts
-- of the last 15 minutes: one range scan by creation time.
CREATE INDEX attempts_created ON attempts (created_at, country_id, method, status);
