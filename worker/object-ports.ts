/**
 * The ports of the objects that keep records (session, payout, payout batch, ledger, webhook
 * endpoints): what their base (worker/durable/outboxed-object.ts) must not know itself.
 * Endpoint zero is MERCHANT_WEBHOOK_URL with its secrets, the index sink is the D1 query index
 * (worker/index-store/index-outbox.ts), the fan-out goes to the webhook endpoints
 * (worker/webhook-endpoints/fan-out.ts).
 * @module
 */
import { loadConfig } from './config';
import type { ObjectPorts } from './durable/ports';
import type { ProxyEnv } from './env';
import { IndexOutbox } from './index-store/index-outbox';
import { webhookSecrets } from './secret-rotation';
import { remoteDirectory, type EndpointDirectory } from './webhook-endpoints/directory';
import { EndpointFanOut } from './webhook-endpoints/fan-out';

/**
 * The ports of one record-keeping object.
 *
 * @param directory where its fan-out reads the endpoints (by default: the registry, over RPC)
 * @example
 * protected ports() { return recordPorts(this.env); }
 */
export function recordPorts(
  env: ProxyEnv,
  directory: () => EndpointDirectory = () => remoteDirectory(env),
): ObjectPorts<IndexOutbox> {
  return {
    zero: () => {
      const config = loadConfig(env);
      return { url: config.merchantWebhookUrl, secrets: webhookSecrets(env, config) };
    },
    index: (sql, tasks) => new IndexOutbox(sql, tasks, env.INDEX),
    fanOut: (sql, tasks, index) =>
      new EndpointFanOut(sql, tasks, directory, (attempt) => index.stageDelivery(attempt)),
  };
}
