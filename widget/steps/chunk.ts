/**
 * What a step is: how it renders from the state, what the live region reads on it, and what
 * it starts once on screen. The entry's steps and each step's chunk give one (step-chunks.ts
 * loads them); this file holds only the types, so the steps never import the table back.
 * @module
 */
import type { nothing, TemplateResult } from 'lit';
import type { CheckoutView } from '../../shared/view';
import type { CheckoutStep } from '../events';
import type { Translation } from '../localize';
import type { StepState } from './state';

/** How a step renders: a pure function of the state and the translation. */
export type StepRender = (s: StepState, t: Translation) => TemplateResult | typeof nothing;

/** What a step's chunk gives (each step module exports one as `chunk`). */
export interface StepChunk {
  render: StepRender;
  /** The live region's text on `step` (empty: nothing to announce). */
  status: (s: StepState, t: Translation, step: CheckoutStep) => string;
  /** Called each time the step has rendered (a countdown's ticking, the popup's listener). */
  attach?: (s: StepState) => void;
  /**
   * The notices': the outcome event `view` calls for, with its once-only key
   * (outcome-events.ts); the state sends it once the notice is on screen.
   */
  outcome?: (view: CheckoutView) => [key: string, event: () => Event] | undefined;
}
