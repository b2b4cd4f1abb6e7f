/**
 * Countdowns (the OTP code's, the virtual account's) and the approve step's late hint: a Lit
 * reactive controller that re-renders its host once a second while such a step is on screen,
 * the `m:ss` text, and {@link clock}, the time those steps read (tests replace it). Only the
 * steps that tick import it, so it travels with their chunks.
 * @module
 */
import type { ReactiveController } from 'lit';
import type { StepHost } from './steps/host';

/** Steps that show a countdown, or a hint after a while (approve). */
const COUNTDOWN_STEPS: readonly string[] = ['otp', 'transfer', 'approve'];

/**
 * The time the ticking steps read, in ms since the epoch. Tests set `clock.now` to a fake
 * clock (then `requestUpdate()`), instead of waiting.
 *
 * @example
 * clock.now = () => start + 31_000;
 */
export const clock = { now: (): number => Date.now() };

/**
 * Ticks while the host's step shows a countdown and the host is connected; the host reads
 * `Date.now()` as it renders.
 */
class ClockController implements ReactiveController {
  private readonly _host: StepHost;
  private _timer: ReturnType<typeof setInterval> | undefined;

  constructor(host: StepHost) {
    this._host = host;
    host.addController(this);
  }

  /** Starts (`true`) or stops ticking. */
  private _tick(on: boolean): void {
    if (on && !this._timer) this._timer = setInterval(() => this._host.requestUpdate(), 1000);
    if (!on && this._timer) {
      clearInterval(this._timer);
      this._timer = undefined;
    }
  }

  /** Ticks exactly while the host's step shows a countdown. */
  private _follow(): void {
    this._tick(COUNTDOWN_STEPS.includes(this._host.step));
  }

  hostConnected(): void {
    this._follow();
  }

  hostUpdated(): void {
    this._follow();
  }

  hostDisconnected(): void {
    this._tick(false);
  }
}

const clocks = new WeakSet<StepHost>();

/**
 * Keeps `host` re-rendering once a second while its step shows a countdown (a step with one
 * calls it as it renders; the first call adds the controller).
 *
 * @example
 * keepTicking(h); // in renderOtp
 */
export function keepTicking(host: StepHost): void {
  if (clocks.has(host)) return;
  clocks.add(host);
  new ClockController(host);
}

/**
 * Formats the time left until `deadline` as `m:ss` (never negative).
 *
 * @example
 * formatCountdown(Date.parse('2030-01-01T00:02:00Z'), Date.parse('2030-01-01T00:00:05Z')); // '1:55'
 */
export function formatCountdown(deadline: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
