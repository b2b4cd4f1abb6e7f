/**
 * The count behind the signature alert (worker/callback-alert.ts), as the IntegrationHealth
 * object keeps it: the last refusals that counted and the addresses counted within the
 * last minute. One address counts at most once a minute, so one sender cannot make a run alone;
 * a run whose refusals carried no plausible signature is a run of unsigned probes, not a sign
 * that the upstream's key rotated.
 * @module
 */

/** How long an address that counted a refusal counts no other. */
export const ADDRESS_QUIET_MS = 60_000;

/** One refusal that counted: when, and whether it carried a plausible signature. */
export interface CountedRefusal {
  at: number;
  plausible: boolean;
}

/** What the health object stores between refusals. */
export interface SignatureRunState {
  /** The last refusals that counted, oldest first (at most a run's length). */
  refusals: CountedRefusal[];
  /** Address bucket → when it last counted (entries older than {@link ADDRESS_QUIET_MS} go). */
  addresses: Record<string, number>;
}

/** A run of refusals: what it was made of. */
export type RunKind = 'signatures' | 'unsigned_probes';

/** The state before any refusal. */
export const NO_REFUSALS: SignatureRunState = { refusals: [], addresses: {} };

/**
 * Counts one refusal from `address` at `at` into `state`: not at all when that address counted
 * one less than {@link ADDRESS_QUIET_MS} ago. Answers the new state and, when the last `failures`
 * counted refusals fall within `windowMs`, the kind of that run: `signatures` when any carried a
 * plausible signature, else `unsigned_probes`.
 *
 * @example
 * const { state, run } = countRefusal(NO_REFUSALS, { at, address: '203.0.113.7', plausible: true }, 5, 600_000);
 */
export function countRefusal(
  state: SignatureRunState,
  refusal: CountedRefusal & { address: string },
  failures: number,
  windowMs: number,
): { state: SignatureRunState; counted: boolean; run: RunKind | null } {
  const { at, address, plausible } = refusal;
  const addresses = Object.fromEntries(
    Object.entries(state.addresses).filter(([, last]) => at - last < ADDRESS_QUIET_MS),
  );
  if (addresses[address] !== undefined) {
    return { state: { ...state, addresses }, counted: false, run: null };
  }
  addresses[address] = at;
  const refusals = [...state.refusals, { at, plausible }]
    .sort((a, b) => a.at - b.at)
    .slice(-failures);
  const next = { refusals, addresses };
  const isRun = refusals.length >= failures && at - refusals[0]!.at <= windowMs;
  if (!isRun) return { state: next, counted: true, run: null };
  const kind = refusals.some((r) => r.plausible) ? 'signatures' : 'unsigned_probes';
  return { state: next, counted: true, run: kind };
}
