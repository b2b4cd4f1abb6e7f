/**
 * The shard of a payment made on a link created elsewhere (its callbacks come to
 * `/hooks/payment-links`, with nothing of ours in their URL). The payment is found by any of
 * the references its reports name, whichever shard each of them hashes to
 * (worker/ledger/store.ts):
 * - every reference a report names is claimed for one key: the key a reference already points
 *   at, else the key this report would give a new payment (`reference`, else `depositId`, as
 *   before routes existed, so payments recorded then keep theirs);
 * - a reference this report just claimed, when another of its references already pointed at a
 *   payment, is moved to that payment (two reports racing with disjoint references);
 * - two references pointing at two payments already: the report goes to the first one, whose
 *   judge finds the other reference unknown (an anomaly, never a second payment).
 * @module
 */
import type { PaymentLinkCallbackParams } from '../../shared/schemas';
import type { ProxyEnv } from '../env';
import { ledgerStub } from '../stubs';
import { textOf } from './link-payments';
import { callbackRefs } from './link-report';
import { linkPaymentKey, linkShardName } from './shards';

/** Where a report goes: its payment's key and that key's shard. */
export interface LinkPaymentRoute {
  key: string;
  shard: string;
}

/** Every upstream reference a report names, `reference` and `depositId` first. */
function namedRefs(params: PaymentLinkCallbackParams): string[] {
  const refs = callbackRefs(params);
  const first = [textOf(params.reference), textOf(params.depositId)];
  const all = [...first, ...refs.transaction, ...refs.collection];
  return [...new Set(all.filter((ref): ref is string => ref !== null))];
}

/** The ledger that holds the route of one reference. */
async function routeShard(env: ProxyEnv, ref: string) {
  return ledgerStub(env, linkShardName(await linkPaymentKey(ref, '')));
}

/** The key a new payment gets from this report (see the module comment). */
function proposedKey(params: PaymentLinkCallbackParams, digest: string): Promise<string> {
  return linkPaymentKey(textOf(params.reference) ?? textOf(params.depositId), digest);
}

/**
 * Where a report of a link created elsewhere goes, claiming its references for that payment
 * (see the module comment).
 */
export async function routeLinkReport(
  env: ProxyEnv,
  params: PaymentLinkCallbackParams,
  digest: string,
): Promise<LinkPaymentRoute> {
  let key = await proposedKey(params, digest);
  const mine: string[] = [];
  let adopted = false;
  for (const ref of namedRefs(params)) {
    const claimed = await (await routeShard(env, ref)).claimLinkRoute(ref, key);
    if (claimed.fresh) {
      mine.push(ref);
      continue;
    }
    if (claimed.key === key) continue;
    // Already another payment's: this report is that payment's (once: see the module comment).
    if (adopted) continue;
    for (const made of mine)
      await (await routeShard(env, made)).repointLinkRoute(made, key, claimed.key);
    key = claimed.key;
    adopted = true;
  }
  return { key, shard: linkShardName(key) };
}

/**
 * Where a report of a link created elsewhere would go, claiming nothing (an exact retry's
 * lookup): the payment a reference points at, else the key a new payment would get.
 */
export async function findLinkReport(
  env: ProxyEnv,
  params: PaymentLinkCallbackParams,
  digest: string,
): Promise<LinkPaymentRoute> {
  for (const ref of namedRefs(params)) {
    const key = await (await routeShard(env, ref)).linkRoute(ref);
    if (key !== null) return { key, shard: linkShardName(key) };
  }
  const key = await proposedKey(params, digest);
  return { key, shard: linkShardName(key) };
}

/** What stands for the link id of a payment on a link created elsewhere in merchant routes. */
export const EXTERNAL_LINK = 'external';

/**
 * The shard of a payment on a link created elsewhere, named by its key or any upstream
 * reference it was given: where that reference points, else (a payment from before routes,
 * or its own key) the shard of the reference itself.
 */
export async function paymentShardOf(env: ProxyEnv, ref: string): Promise<string> {
  const key = await (await routeShard(env, ref)).linkRoute(ref);
  return linkShardName(key ?? (await linkPaymentKey(ref, '')));
}
