/**
 * A fake clock for the widget's countdowns and late hints (widget/clock.ts): the steps read
 * `clock.now()` and tick through `clock.every()`, so a test sets the time and advances it
 * instead of waiting.
 * @module
 */
import { clock } from '../../../widget/clock';

/** A ticker the widget registered with `clock.every`. */
interface Ticker {
  ms: number;
  due: number;
  tick: () => void;
}

/**
 * Replaces the widget's clock from now on (elements created before keep ticking on the real
 * one) with one that stands still at `start` until {@link FakeClock.advance}. Call `restore()`
 * at the end of the test.
 *
 * @example
 * const time = fakeClock();
 * time.advance(1000); // every ticker due within that second ticks
 * await el.updateComplete;
 * time.restore();
 */
export function fakeClock(start = Date.now()) {
  const real = { ...clock };
  const tickers = new Set<Ticker>();
  let now = start;
  clock.now = () => now;
  clock.every = (ms, tick) => {
    const ticker = { ms, due: now + ms, tick };
    tickers.add(ticker);
    return () => tickers.delete(ticker);
  };
  return {
    /** The fake time, in ms since the epoch. */
    get now(): number {
      return now;
    },
    /** Moves the time on by `ms`, ticking every ticker at each of its due times on the way. */
    advance(ms: number): void {
      const end = now + ms;
      for (;;) {
        const next = [...tickers].sort((a, b) => a.due - b.due)[0];
        if (!next || next.due > end) break;
        now = next.due;
        next.due += next.ms;
        next.tick();
      }
      now = end;
    },
    /** Puts the real clock back. */
    restore(): void {
      Object.assign(clock, real);
      tickers.clear();
    },
  };
}

/** A fake clock, as {@link fakeClock} returns it. */
export type FakeClock = ReturnType<typeof fakeClock>;
