/**
 * How the widget takes the hosted page over from the server's render of the same step (the
 * no-JS card, steps.ts). Until the widget's first step is on screen the card is the page's form:
 * visible and usable from the first paint, in the widget's place (styles.ts: one grid cell, the
 * widget invisible beneath it and holding its room). Then, in one task, this script replays what
 * the payer chose and typed on the card into the widget's own controls (the forms share their
 * names: `method` as `<country id>:<method>`, `mobile`, `otp`, …), each followed by a render so
 * the next control exists, hides the card and gives the focus the payer had to the widget's
 * control of the same name. Nothing the payer types can fall between the reading and the swap,
 * and nothing moves: the widget was already laid out in the same cell.
 *
 * Replaying through the widget's controls, as the payer would, keeps its rules (the method a
 * country can take, the problems a field clears) and costs the widget no code (its first load is
 * at its budget). A post sent before the widget was ready is a plain form post: the no-JS flow.
 * The widget's `error` step never takes over: the card still works then.
 * @module
 */
import { FORM_TOKEN } from './form-guard';

/**
 * The script's text (no templating: it reads the page's elements).
 *
 * @example
 * html`<script nonce="${nonce}">${raw(TAKEOVER_SCRIPT)}</script>`;
 */
export const TAKEOVER_SCRIPT = `(() => {
  const card = document.getElementById('uc-nojs');
  const widget = document.querySelector('unified-checkout');
  if (!card || !widget) return;
  const takeOver = () => {
    const root = widget.shadowRoot;
    if (card.hidden || !root) return;
    const form = card.querySelector('form');
    const data = form ? [...new FormData(form)] : [];
    const active = card.contains(document.activeElement) ? document.activeElement : null;
    const render = () => widget.performUpdate();
    const put = (el, value) => {
      if (!el || value === undefined) return;
      const box = el.type === 'checkbox' || el.type === 'radio';
      if (box ? el.checked === value : el.value === value) return;
      if (box) el.checked = value; else el.value = value;
      el.dispatchEvent(new Event(box || el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
      render();
    };
    const step = card.dataset.step;
    const choosing = step === 'choose' || step === 'form';
    // The payer dismissed a failed attempt on the card ("Try again"): the same on the widget.
    if (choosing && (widget.step === 'failure' || widget.step === 'lapsed')) {
      root.querySelector('.actions button:last-of-type')?.click();
      render();
    }
    const choice = /^(\\d+):(.+)$/s.exec(String(data.find(([name]) => name === 'method')?.[1] ?? ''));
    if (choice && choosing) {
      put(root.getElementById('country'), choice[1]);
      put([...root.querySelectorAll('input[name=method]')].find((r) => r.value === choice[2]), true);
      if (step === 'form' && widget.step === 'choose') {
        root.querySelector('form')?.requestSubmit();
        render();
      }
    }
    put(root.getElementById('mobile-saved'), card.querySelector('#use_saved')?.checked);
    for (const [name, value] of data) {
      if (!['method', 'use_saved', ${JSON.stringify(FORM_TOKEN)}].includes(name)) put(root.getElementById(name), value);
    }
    card.hidden = true;
    if (!active) return;
    const name = active.name === 'use_saved' ? 'mobile-saved' : active.name;
    const target = active.type === 'submit'
      ? root.querySelector('button[type=submit]')
      : name === 'method' ? root.querySelector('input[name=method]:checked') : name && root.getElementById(name);
    if (!target) return;
    target.focus({ preventScroll: true });
    try { target.setSelectionRange(active.selectionStart, active.selectionEnd); } catch (e) {}
  };
  // After the render that put the widget's first step on screen (the event fires inside it).
  widget.addEventListener('checkout-step', (event) => {
    if (event.detail.step !== 'error') queueMicrotask(takeOver);
  });
})();`;
