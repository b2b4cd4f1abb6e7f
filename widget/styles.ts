/**
 * The element's styles: adopted as a constructable stylesheet (no `<style>` element and no
 * `style=` attribute, so `style-src 'self'` is enough). Public knobs are the `--uc-*` custom
 * properties (documented in widget/README.md); `--_*` ones are internal (bg background, sf
 * surface, tx text, mu muted, bd border, pr primary, op on-primary, dg danger, ok success,
 * r radius). The theme changes only the defaults (`--_*0`), so a `--uc-*` value set by the
 * page wins in both themes.
 * @module
 */
import { unsafeCSS } from 'lit';

/**
 * Lit's `css` tag without its checks (a few hundred bytes of the first load): the values are
 * this file's own constants, never page input. Named `css` so the build minifies its text
 * (vite.config.ts).
 */
const css = (strings: TemplateStringsArray, ...values: unknown[]) =>
  unsafeCSS(String.raw(strings, ...values));

const dark = css`
  --_bg0: #15181e;
  --_sf0: #1f232b;
  --_tx0: #eceef3;
  --_mu0: #a9afbd;
  --_bd0: #4a5160;
  --_pr0: #8db5ff;
  --_op0: #0b1a33;
  --_dg0: #ff9b93;
  --_ok0: #7fdc9c;
  color-scheme: dark;
`;

/**
 * Styles of `<unified-checkout>`.
 *
 * @example
 * static override styles = styles;
 */
export const styles = css`
  :host {
    --_bg0: #fff;
    --_sf0: #f4f5f8;
    --_tx0: #161a22;
    --_mu0: #555d6e;
    --_bd0: #8d95a5;
    --_pr0: #1d5bd0;
    --_op0: #fff;
    --_dg0: #b3261e;
    --_ok0: #17723a;
    --_bg: var(--uc-color-background, var(--_bg0));
    --_sf: var(--uc-color-surface, var(--_sf0));
    --_tx: var(--uc-color-text, var(--_tx0));
    --_mu: var(--uc-color-muted, var(--_mu0));
    --_bd: var(--uc-color-border, var(--_bd0));
    --_pr: var(--uc-color-primary, var(--_pr0));
    --_op: var(--uc-color-on-primary, var(--_op0));
    --_dg: var(--uc-color-danger, var(--_dg0));
    --_ok: var(--uc-color-success, var(--_ok0));
    --_r: var(--uc-radius, 8px);
    --_gap: var(--uc-spacing, 1rem);
    display: block;
    max-width: var(--uc-max-width, 28rem);
    /* The first step's usual room, held from the first paint (widget.js holds the same before
       the module has run), so the page below does not move as the widget loads. */
    min-height: var(--uc-min-height, 24rem);
    font: var(--uc-font-size, 1rem) / 1.5 var(--uc-font-family, system-ui, sans-serif);
    color: var(--_tx);
    color-scheme: light;
  }
  :host([hidden]) {
    display: none;
  }
  :host([theme='dark']) {
    ${dark}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${dark}
    }
  }
  * {
    box-sizing: border-box;
  }
  [part~='panel'] {
    min-height: inherit;
    background: var(--_bg);
    border: 1px solid var(--_bd);
    border-radius: var(--_r);
    padding: var(--_gap);
  }
  [part~='header'] {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.75em;
    justify-content: space-between;
    align-items: baseline;
    padding-bottom: 0.75em;
    margin-bottom: var(--_gap);
    border-bottom: 1px solid var(--_bd);
  }
  [part~='amount'] {
    font-size: 1.375em;
    overflow-wrap: anywhere;
  }
  h2 {
    font-size: 1.125em;
    margin: 0 0 0.75em;
    outline: 0;
  }
  p,
  ol,
  dl {
    margin: 0 0 0.75em;
  }
  form,
  fieldset,
  [part~='field'],
  .actions {
    display: grid;
    gap: 0.75em;
    margin: 0;
    padding: 0;
    border: 0;
  }
  [part~='field'] {
    gap: 0.25em;
  }
  label,
  legend {
    font-weight: 600;
  }
  [part~='hint'],
  .muted,
  [part~='error'],
  [role='alert'] {
    color: var(--_dg);
    font-size: 0.875em;
  }
  [part~='error']:empty {
    display: none;
  }
  input,
  select,
  button {
    font: inherit;
    color: inherit;
    min-height: max(2.75rem, 44px);
    padding: 0.5em 0.75em;
    border: 1px solid var(--_bd);
    border-radius: var(--_r);
    background: var(--_bg);
  }
  input,
  select {
    width: 100%;
  }
  [aria-invalid='true'] {
    border: 2px solid var(--_dg);
  }
  .phone {
    display: flex;
    /* The dial code before the number, in a right-to-left page too. */
    direction: ltr;
  }
  .phone span {
    align-self: center;
    padding-inline-end: 0.5em;
  }
  [part~='option'],
  [part~='status'],
  dd {
    display: flex;
    gap: 0.75em;
    align-items: center;
  }
  [part~='option'] {
    padding: 0.75em;
    border: 1px solid var(--_bd);
    border-radius: var(--_r);
    font-weight: 400;
  }
  [part~='option']:has(:checked) {
    border-color: var(--_pr);
    box-shadow: 0 0 0 1px var(--_pr);
  }
  [part~='option'] input {
    width: auto;
    min-height: 0;
    accent-color: var(--_pr);
  }
  .brand {
    display: inline-grid;
    place-items: center;
    min-width: 2.5em;
    height: 2.5em;
    margin-inline-end: 0.5em;
    border-radius: var(--_r);
    background: var(--_sf);
    font-size: 0.875rem;
    font-weight: 700;
  }
  strong {
    display: block;
  }
  button {
    background: var(--_sf);
    cursor: pointer;
  }
  [part~='primary'] {
    width: 100%;
    border-color: transparent;
    background: var(--_pr);
    color: var(--_op);
    font-weight: 600;
  }
  button:disabled {
    opacity: 0.65;
  }
  :focus-visible {
    outline: 3px solid var(--_pr);
    outline-offset: 2px;
  }
  [part~='details'] {
    padding: 0.75em;
    background: var(--_sf);
    border-radius: var(--_r);
  }
  dd {
    justify-content: space-between;
    margin: 0 0 0.5em;
    font-weight: 600;
  }
  .spinner {
    width: 1.25em;
    height: 1.25em;
    border: 3px solid var(--_bd);
    border-top-color: var(--_pr);
    border-radius: 50%;
    animation: spin 0.9s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }
  [part~='badge'] {
    font-size: 2em;
    line-height: 1;
    color: var(--_dg);
  }
  .success {
    color: var(--_ok);
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }
`;
