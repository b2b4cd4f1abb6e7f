/**
 * The sandbox clock. `SANDBOX_TIME_SCALE` makes sandbox time run faster than real time: every
 * sandbox duration (callback delay, OTP validity, virtual-account lifetime, retry backoff,
 * token lifetime) lasts `duration / scale` real milliseconds. Dates shown to callers stay
 * wall-clock UTC.
 * @module
 */

/** Milliseconds in one sandbox minute. */
export const MINUTE = 60_000;

/** Converts sandbox durations to real ones. */
export interface Clock {
  /** How many times faster than real time the sandbox runs (at least 1). */
  readonly scale: number;
  /** Real milliseconds since the epoch. */
  now(): number;
  /** The real time (ms since the epoch) at which `sandboxMs` of sandbox time will have passed since `from` (default: now). */
  after(sandboxMs: number, from?: number): number;
}

/**
 * A clock for a time scale given as text (a var); anything not a number ≥ 1 means real time.
 *
 * @example
 * const clock = clockFor('60');
 * clock.after(2 * MINUTE) - clock.now(); // 2000 (two sandbox minutes = two real seconds)
 */
export function clockFor(scaleText: string | undefined): Clock {
  const parsed = Number(scaleText);
  const scale = Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
  return {
    scale,
    now: () => Date.now(),
    after: (sandboxMs, from = Date.now()) => from + Math.ceil(sandboxMs / scale),
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Formats a time as the upstream does: `YYYY-MM-DD HH:MM:SS`, UTC.
 *
 * @example
 * formatDate(Date.UTC(2026, 0, 2, 3, 4, 5)); // '2026-01-02 03:04:05'
 */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}
