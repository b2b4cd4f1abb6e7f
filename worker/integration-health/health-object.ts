/**
 * The one IntegrationHealth object (worker/integration-health/integration-health.ts): the
 * integration's health marks, reached by name.
 * @module
 */
import type { ProxyEnv } from '../env';

/** The name of the one health object. */
const HEALTH_OBJECT = 'integration-health';

/**
 * The health object's stub.
 *
 * @example
 * await healthObject(env).failingTasks();
 */
export function healthObject(env: Pick<ProxyEnv, 'INTEGRATION_HEALTH'>) {
  return env.INTEGRATION_HEALTH.get(env.INTEGRATION_HEALTH.idFromName(HEALTH_OBJECT));
}
