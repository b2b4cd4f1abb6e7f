/**
 * The status query every kind of payment asks (docs/upstream-api.md,
 * "POST /api/v3/get-unified-transaction-status"), its answer checked against
 * `statusResponseSchema`: a 200 the schema refuses is an unknown answer, never a record.
 * @module
 */
import { statusResponseSchema } from '../../shared/schemas';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import type { Config } from '../config';
import type { ProxyEnv } from '../env';
import { callUpstream } from '../upstream';
import type { StatusResult } from './status-answer';

/**
 * Asks the upstream for the status of the transaction `id` (our third_party_reference_1, a
 * payout's reference, or the upstream's reference) of `type`.
 *
 * @example
 * await reconcileStep(port, () => askStatus(env, config, attemptId, 'payin'), config, true);
 */
export function askStatus(
  env: ProxyEnv,
  config: Config,
  id: string,
  type: 'payin' | 'payout',
): Promise<StatusResult> {
  return callUpstream(
    env,
    config,
    UPSTREAM_PATHS.status,
    { params: { id, type } },
    statusResponseSchema,
  );
}
