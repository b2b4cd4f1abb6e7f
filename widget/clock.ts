/**
 * A Lit reactive controller that re-renders its host once a second while a countdown shows.
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Ticks while `running` is true and the host is connected; `now` is the time of the last tick.
 *
 * @example
 * private clock = new ClockController(this);
 * // in willUpdate: this.clock.running = step === 'otp';
 * // in render: formatCountdown(deadline, this.clock.now)
 */
export class ClockController implements ReactiveController {
  /** Epoch milliseconds of the latest tick. */
  now = Date.now();
  private readonly host: ReactiveControllerHost;
  private timer: ReturnType<typeof setInterval> | undefined;
  private wanted = false;
  private connected = false;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
    host.addController(this);
  }

  /** Whether a countdown is on screen. */
  get running(): boolean {
    return this.wanted;
  }

  set running(value: boolean) {
    this.wanted = value;
    this.now = Date.now();
    this.sync();
  }

  hostConnected(): void {
    this.connected = true;
    this.sync();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.sync();
  }

  private sync(): void {
    const tick = this.wanted && this.connected;
    if (tick && this.timer === undefined) {
      this.timer = setInterval(() => {
        this.now = Date.now();
        this.host.requestUpdate();
      }, 1000);
    } else if (!tick && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
