/**
 * How each step renders. The first screens (loading, choose, form, error) are in the entry;
 * the steps a payer may never reach (OTP, bank transfer, redirect, approve on the phone, the
 * notices) are each in a chunk of its own: `import()` fetches it beside the module that asked
 * (`import.meta.url`), once per page, when its step first shows. "wait" and "confirming" come
 * with the live transport's chunk, which a page showing them loads anyway.
 * @module
 */
import type { CheckoutStep } from './events';
import type { StepChunk, StepRender } from './steps/chunk';
import { renderChoose } from './steps/choose';
import { renderError } from './steps/error';
import { renderForm } from './steps/form';
import { renderLoading } from './steps/progress';

export type { StepChunk, StepRender } from './steps/chunk';

/** The first screens, in the entry. */
const FIRST: Partial<Record<CheckoutStep, StepRender>> = {
  loading: renderLoading,
  choose: renderChoose,
  form: renderForm,
  error: renderError,
};

const notice = () => import('./steps/outcome').then((m) => m.chunk);
// In the live transport's chunk, which the page loads anyway to learn the outcome.
const waiting = () => import('./transport').then((m) => m.waitChunk);

/** The lazily loaded steps (a step not listed here is in the entry). */
const LOADERS: Partial<Record<CheckoutStep, () => Promise<StepChunk>>> = {
  approve: () => Promise.all([import('./steps/approve'), import('./clock')]).then(([m]) => m.chunk),
  // The countdown (clock.ts) is a chunk the OTP and transfer steps share: fetched beside them
  // rather than after (a module's imports are only found once it has arrived).
  otp: () => Promise.all([import('./steps/otp'), import('./clock')]).then(([m]) => m.chunk),
  transfer: () =>
    Promise.all([import('./steps/transfer'), import('./clock')]).then(([m]) => m.chunk),
  redirect: () => import('./steps/redirect').then((m) => m.chunk),
  wait: waiting,
  confirming: waiting,
  success: notice,
  failure: notice,
  lapsed: notice,
  mismatch: notice,
  needs_review: notice,
  closed_confirming: notice,
  expired: notice,
};

const loaded = new Map<CheckoutStep, StepChunk>();
const loading = new Map<CheckoutStep, Promise<StepChunk>>();

/**
 * Whether `step` renders from a chunk of its own.
 *
 * @example
 * isLazyStep('otp'); // true
 * isLazyStep('form'); // false
 */
export function isLazyStep(step: CheckoutStep): boolean {
  return step in LOADERS;
}

/**
 * The chunk of `step` when it has loaded, else `undefined`.
 *
 * @example
 * loadedStep('otp')?.status(state, t, 'otp');
 */
export function loadedStep(step: CheckoutStep): StepChunk | undefined {
  return loaded.get(step);
}

/**
 * How `step` renders now: from the entry or from its loaded chunk; `undefined` while its chunk
 * is not loaded (the element then keeps the step before it on screen).
 *
 * @example
 * (stepRenderer(step) ?? renderLoading)(state, t);
 */
export function stepRenderer(step: CheckoutStep): StepRender | undefined {
  return FIRST[step] ?? loaded.get(step)?.render;
}

/**
 * Loads the chunk of `step` once (concurrent calls share one request). A failed load is
 * forgotten, so a later call tries again.
 *
 * @example
 * await loadStep('transfer');
 */
export function loadStep(step: CheckoutStep): Promise<StepChunk> {
  const done = loaded.get(step);
  if (done) return Promise.resolve(done);
  let pending = loading.get(step);
  if (!pending) {
    const load = LOADERS[step];
    if (!load) return Promise.reject(new Error(`unified-checkout: no chunk for step ${step}`));
    pending = load().then(
      (chunk) => {
        loaded.set(step, chunk);
        loading.delete(step);
        return chunk;
      },
      (error: unknown) => {
        loading.delete(step);
        throw error;
      },
    );
    loading.set(step, pending);
  }
  return pending;
}
