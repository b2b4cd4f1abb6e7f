/**
 * Countdowns: a Lit reactive controller that re-renders its host once a second while one
 * shows, and their `m:ss` text. (In the entry: the OTP and transfer chunks share it from there.)
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Ticks while switched on and the host is connected; the host reads `Date.now()` as it renders.
 *
 * @example
 * private _clock = new ClockController(this);
 * // in willUpdate: this._clock.tick(step === 'otp');
 */
export class ClockController implements ReactiveController {
  private readonly _host: ReactiveControllerHost;
  private _timer: ReturnType<typeof setInterval> | undefined;

  constructor(host: ReactiveControllerHost) {
    this._host = host;
    host.addController(this);
  }

  /** Starts (`true`) or stops ticking. */
  tick(on: boolean): void {
    if (on && !this._timer) this._timer = setInterval(() => this._host.requestUpdate(), 1000);
    if (!on && this._timer) {
      clearInterval(this._timer);
      this._timer = undefined;
    }
  }

  hostConnected(): void {
    this._host.requestUpdate(); // the next update switches ticking back on if needed
  }

  hostDisconnected(): void {
    this.tick(false);
  }
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
