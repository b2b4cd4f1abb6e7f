/**
 * The payment links the proxy created (`POST /v1/payment-links`), kept in the ledger shard of
 * their id (worker/ledger/shards.ts): what the link asks for, so its callbacks can be judged
 * against it (worker/ledger/link-report.ts). A link is recorded before the upstream is asked
 * (`creating`), so a create whose answer is lost is still ours when its payments call back;
 * the answer then marks it `created` (with the upstream's id and URL) or `refused`.
 * @module
 */

/** Where a link's create stands. */
export type LinkState = 'creating' | 'created' | 'refused';

/** A payment link the proxy created. */
export type LinkRow = {
  /** Ours (`pl_` + 26 base32); it is also the last segment of the link's callback URL. */
  id: string;
  state: LinkState;
  /** The upstream's id and hosted-page URL, when its create answer named them. */
  upstream_id: string | null;
  url: string | null;
  /** Whole units; null when the payer chooses the amount. */
  amount: number | null;
  currency: string;
  country_id: number;
  callback_url: string;
  created_at: number;
  updated_at: number;
};

/** What the create route records before it asks the upstream. */
export type NewLink = Pick<LinkRow, 'id' | 'amount' | 'currency' | 'country_id' | 'callback_url'>;

/** A link id: `pl_` and 26 base32 characters (130 random bits). */
export const LINK_ID = /^pl_[a-z2-7]{26}$/;

/**
 * A new random link id.
 *
 * @example
 * newLinkId(); // 'pl_k2x…'
 */
export function newLinkId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  return `pl_${[...bytes].map((b) => alphabet[b % 32]).join('')}`;
}
