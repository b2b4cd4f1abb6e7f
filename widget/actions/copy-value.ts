/**
 * The bank transfer's copy buttons (steps/transfer.ts): copies a value and says so in the live
 * region.
 * @module
 */
import type { Translation } from '../localize';
import type { ActionState } from '../steps/state';

/**
 * Copies `text` (the value of `what`), then announces that it was copied, or that it could not be.
 *
 * @example
 * html`<button @click=${() => s._act((a) => copyValue(a, t, label, value))}>`;
 */
export async function copyValue(
  state: ActionState,
  t: Translation,
  what: string,
  text: string,
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    state._set({ _announcement: t.copied(what) });
  } catch {
    state._set({ _announcement: t.copyFailed });
  }
}
