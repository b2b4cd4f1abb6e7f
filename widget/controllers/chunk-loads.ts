/**
 * The chunks the element waits for: the step on screen (step-chunks.ts), the page's language
 * (localize.ts) and the form's submit (actions/). While a step's chunk loads the element shows
 * the step before it; `updateComplete` waits for all of them.
 * @module
 */
import type { ReactiveControllerHost } from 'lit';
import type { CheckoutStep } from '../events';
import { loadTranslation } from '../localize';
import { isLazyStep, loadStep, loadedStep } from '../step-chunks';

/**
 * Starts the loads the next render needs and tracks them until they settle.
 *
 * @example
 * private readonly _chunks = new ChunkLoads(this, (error) => this._reportError(…));
 * // in willUpdate: step = this._chunks.step(stepFor(…)); this._chunks.language(wanted, t.$code);
 */
export class ChunkLoads {
  /** The step whose chunk failed to load: the error step shows instead, until "Try again". */
  _failed: CheckoutStep | null = null;
  /** No language could be loaded (nor English): the element has nothing to say it with. */
  _unloadable = false;
  private readonly _host: ReactiveControllerHost;
  private readonly _onStepError: (error: unknown) => void;
  /** Loads not settled yet. */
  private readonly _pending = new Set<Promise<unknown>>();
  /** The languages whose chunk this element asked for. */
  private readonly _asked = new Set<string>();

  /** `onStepError`: a step's chunk could not be loaded (offline, blocked). */
  constructor(host: ReactiveControllerHost, onStepError: (error: unknown) => void) {
    this._host = host;
    this._onStepError = onStepError;
  }

  /** True while a load is under way. */
  get _busy(): boolean {
    return this._pending.size > 0;
  }

  /** Settles when the loads under way now have settled. */
  _settled(): Promise<unknown> {
    return Promise.all(this._pending);
  }

  /** `step`'s chunk (or one it needs, such as the live transport) failed: the error step. */
  _fail(step: CheckoutStep, error: unknown): void {
    this._failed = step;
    this._onStepError(error);
    this._host.requestUpdate();
  }

  /**
   * The step to show for `step`: itself (its chunk is loaded or starts loading now), or the
   * error step when its chunk failed.
   */
  _step(step: CheckoutStep): CheckoutStep {
    if (step === this._failed) return 'error';
    if (isLazyStep(step) && !loadedStep(step)) {
      this._track(
        // A failed chunk: the payer gets the error step, not a blank widget.
        loadStep(step).catch((error: unknown) => this._fail(step, error)),
      );
    }
    return step;
  }

  /**
   * Loads the translation of `wanted` unless it is `current` (the code in use, `null` while
   * none has loaded); once per language. When it cannot be loaded and none is in use, English;
   * when English cannot be loaded either, {@link unloadable}.
   */
  _language(wanted: string, current: string | null): void {
    if (wanted === current || typeof document === 'undefined' || this._asked.has(wanted)) return;
    // A chunk that failed stays failed, and asking again on every render would re-render forever.
    this._asked.add(wanted);
    this._track(
      loadTranslation(wanted)
        .catch((error: unknown) => {
          if (current || wanted === 'en') throw error;
          this._asked.add('en');
          return loadTranslation('en');
        })
        .catch((error: unknown) => {
          if (current) return;
          this._unloadable = true;
          this._onStepError(error);
        }),
    );
  }

  /**
   * Re-renders the host when `load` settles; until then {@link busy} is true (so
   * `updateComplete` waits for it).
   */
  _track(load: Promise<unknown>): void {
    const pending = load.finally(() => {
      this._pending.delete(pending);
      this._host.requestUpdate();
    });
    this._pending.add(pending);
  }
}
