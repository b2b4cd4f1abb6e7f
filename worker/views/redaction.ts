/**
 * The erasure fields of a session or payout (docs/data-retention.md).
 * @module
 */
import * as z from 'zod';
import { isoOrNull } from './common';

export const redactionFields = {
  redacted_at: isoOrNull.describe('When its personal data was erased; null: not erased.'),
  redaction_reason: z.enum(['retention', 'request']).nullable(),
};
