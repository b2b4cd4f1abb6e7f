/**
 * The element's styles: adopted as a constructable stylesheet (no `<style>` or `style=`
 * attribute, so `style-src 'self'` is enough). Public knobs are `--uc-*` custom properties;
 * the `--_*` ones are internal.
 * @module
 */
import { css } from 'lit';

const dark = css`
  --_bg: var(--uc-color-background, #15181e);
  --_surface: var(--uc-color-surface, #1f232b);
  --_text: var(--uc-color-text, #eceef3);
  --_muted: var(--uc-color-muted, #a9afbd);
  --_border: var(--uc-color-border, #4a5160);
  --_primary: var(--uc-color-primary, #8db5ff);
  --_on-primary: var(--uc-color-on-primary, #0b1a33);
  --_danger: var(--uc-color-danger, #ff9b93);
  --_success: var(--uc-color-success, #7fdc9c);
  --_focus: var(--uc-focus-ring, #8db5ff);
  color-scheme: dark;
`;

/** Styles of `<unified-checkout>`. */
export const styles = css`
  :host {
    --_bg: var(--uc-color-background, #fff);
    --_surface: var(--uc-color-surface, #f4f5f8);
    --_text: var(--uc-color-text, #161a22);
    --_muted: var(--uc-color-muted, #555d6e);
    --_border: var(--uc-color-border, #8d95a5);
    --_primary: var(--uc-color-primary, #1d5bd0);
    --_on-primary: var(--uc-color-on-primary, #fff);
    --_danger: var(--uc-color-danger, #b3261e);
    --_success: var(--uc-color-success, #17723a);
    --_focus: var(--uc-focus-ring, #1d5bd0);
    --_radius: var(--uc-radius, 8px);
    --_gap: var(--uc-spacing, 1rem);
    display: block;
    max-width: var(--uc-max-width, 28rem);
    font: var(--uc-font-size, 1rem) / 1.5 var(--uc-font-family, system-ui, sans-serif);
    color: var(--_text);
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
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_gap);
  }
  [part~='header'] {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: var(--_gap);
    padding-bottom: calc(var(--_gap) * 0.75);
    margin-bottom: var(--_gap);
    border-bottom: 1px solid var(--_border);
    color: var(--_muted);
  }
  [part~='amount'] {
    color: var(--_text);
    font-size: 1.375em;
  }
  h2 {
    font-size: 1.125em;
    margin: 0 0 calc(var(--_gap) * 0.75);
  }
  h2:focus {
    outline: none;
  }
  p,
  ol {
    margin: 0 0 calc(var(--_gap) * 0.75);
  }
  ol {
    padding-left: 1.25em;
  }
  form,
  fieldset {
    display: grid;
    gap: calc(var(--_gap) * 0.75);
    margin: 0;
  }
  fieldset {
    border: 0;
    padding: 0;
  }
  legend,
  label {
    font-weight: 600;
  }
  legend {
    padding: 0;
    margin-bottom: 0.5em;
  }
  [part~='field'] {
    display: grid;
    gap: 0.25em;
  }
  [part~='hint'],
  .muted {
    color: var(--_muted);
    font-size: 0.875em;
  }
  [part~='error'] {
    color: var(--_danger);
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
    min-height: 2.75rem;
    border-radius: var(--_radius);
  }
  input,
  select {
    width: 100%;
    padding: 0.5em 0.75em;
    border: 1px solid var(--_border);
    background: var(--_bg);
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
    border-width: 2px;
  }
  .phone {
    display: flex;
  }
  .phone span {
    display: flex;
    align-items: center;
    padding: 0 0.75em;
    border: 1px solid var(--_border);
    border-right: 0;
    border-radius: var(--_radius) 0 0 var(--_radius);
    background: var(--_surface);
  }
  .phone input {
    border-radius: 0 var(--_radius) var(--_radius) 0;
  }
  [part~='option'] {
    display: flex;
    gap: 0.75em;
    align-items: center;
    padding: 0.75em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    cursor: pointer;
    font-weight: 400;
  }
  [part~='option']:has(:checked) {
    border-color: var(--_primary);
    box-shadow: 0 0 0 1px var(--_primary);
  }
  [part~='option'] input {
    width: auto;
    min-height: 0;
    margin: 0;
    accent-color: var(--_primary);
  }
  [part~='option'] strong {
    display: block;
  }
  button {
    padding: 0.5em 1.25em;
    border: 1px solid var(--_border);
    background: var(--_surface);
    cursor: pointer;
  }
  [part~='primary'] {
    width: 100%;
    border-color: transparent;
    background: var(--_primary);
    color: var(--_on-primary);
    font-weight: 600;
  }
  button:disabled {
    opacity: 0.65;
    cursor: default;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .actions {
    display: grid;
    gap: 0.5em;
    margin-top: var(--_gap);
  }
  [part~='details'] {
    display: grid;
    grid-template-columns: auto 1fr auto;
    gap: 0.5em 0.75em;
    align-items: center;
    margin: 0 0 var(--_gap);
    padding: 0.75em;
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  [part~='details'] dt {
    color: var(--_muted);
  }
  [part~='details'] dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    user-select: all;
  }
  [part~='copy'] {
    min-height: 2.25rem;
    padding: 0.25em 0.75em;
    font-size: 0.875em;
  }
  [part~='countdown'] {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
  [part~='status'] {
    display: flex;
    gap: 0.75em;
    align-items: center;
  }
  .spinner {
    flex: none;
    width: 1.25em;
    height: 1.25em;
    border: 3px solid var(--_border);
    border-top-color: var(--_primary);
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
    display: grid;
    place-items: center;
    width: 3rem;
    height: 3rem;
    margin-bottom: 0.5em;
    border-radius: 50%;
    color: var(--_bg);
    background: var(--_danger);
    font-size: 1.5em;
    font-weight: 700;
  }
  .ok [part~='badge'] {
    background: var(--_success);
  }
  [role='alert'] {
    color: var(--_danger);
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
