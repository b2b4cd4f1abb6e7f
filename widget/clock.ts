/**
 * Countdowns (the OTP code's, the virtual account's) and the approve step's late hint: a Lit
 * reactive controller that re-renders its host once a second while such a step is on screen,
 * the `m:ss` text, and {@link clock}, the time those steps read (tests replace it). Only the
 * steps that tick import it, so it travels with their chunks.
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutStep } from './events';

/** The element, as its clock sees it. */
type TickingHost = ReactiveControllerHost & { readonly step: CheckoutStep };

/** Steps that show a countdown, or a hint after a while (approve). */
const COUNTDOWN_STEPS: readonly string[] = ['otp', 'transfer', 'approve'];

/**
 * The time the ticking steps read (`now`, ms since the epoch) and what makes them tick
 * (`every`: calls `tick` every `ms` until the returned stop is called). Tests replace both
 * with a fake clock (test/widget/support/fake-clock.ts) and advance it instead of waiting.
 *
 * @example
 * clock.now = () => start + 31_000;
 */
export const clock = {
  now: (): number => Date.now(),
  every: (ms: number, tick: () => void): (() => void) => {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

/**
 * Ticks while the host's step shows a countdown and the host is connected; the steps read
 * `clock.now()` as they render.
 */
class ClockController implements ReactiveController {
  private readonly _host: TickingHost;
  /** Stops the ticks under way, if any. */
  private _timer: (() => void) | undefined;

  constructor(host: TickingHost) {
    this._host = host;
    host.addController(this);
  }

  /** Starts (`true`) or stops ticking. */
  private _tick(on: boolean): void {
    if (on && !this._timer) this._timer = clock.every(1000, () => this._host.requestUpdate());
    if (!on && this._timer) {
      this._timer();
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

const clocks = new WeakSet<TickingHost>();

/**
 * Keeps `host` re-rendering once a second while its step shows a countdown (a step with one
 * calls it as it renders; the first call adds the controller).
 *
 * @example
 * keepTicking(state._host); // the OTP step's chunk, once on screen
 */
export function keepTicking(host: TickingHost): void {
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
