/**
 * The console's shared styles: adopted stylesheets (no `<style>` element, no `style=`), so the
 * page CSP's `style-src 'self'` is enough. Narrow first: tables turn into stacked rows under
 * 40rem (support staff work from phones).
 * @module
 */
import { css } from 'lit';

/** Styles every page shares. */
export const shared = css`
  :host {
    display: block;
    color: #1b1f27;
    font:
      15px/1.45 system-ui,
      sans-serif;
  }
  h1 {
    font-size: 1.35rem;
    margin: 0 0 0.75rem;
  }
  h2 {
    font-size: 1.1rem;
    margin: 1.25rem 0 0.5rem;
  }
  a {
    color: #0b57d0;
  }
  button,
  input,
  select {
    font: inherit;
    min-height: 2.5rem;
    border-radius: 6px;
    border: 1px solid #767d8c;
    padding: 0.25rem 0.6rem;
    background: #fff;
    color: inherit;
    max-width: 100%;
    box-sizing: border-box;
  }
  button {
    background: #0b57d0;
    color: #fff;
    border-color: #0b57d0;
    cursor: pointer;
  }
  button.quiet {
    background: #fff;
    color: #0b57d0;
  }
  button.danger {
    background: #b3261e;
    border-color: #b3261e;
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  :focus-visible {
    outline: 3px solid #f2a900;
    outline-offset: 2px;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    font-size: 0.85rem;
    color: #3c4250;
  }
  form.filters,
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.6rem;
    align-items: flex-end;
    margin-bottom: 0.8rem;
  }
  form.filters {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr));
    align-items: end;
  }
  form.filters .wide {
    grid-column: 1 / -1;
  }
  fieldset {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
    gap: 0.6rem;
    border: 1px solid #d9dce3;
    border-radius: 8px;
    min-width: 0;
  }
  label > input,
  label > select {
    width: 100%;
    min-width: 0;
  }
  label > input[type='checkbox'] {
    width: auto;
    min-height: 1.5rem;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: left;
    padding: 0.45rem 0.5rem;
    border-bottom: 1px solid #d9dce3;
    vertical-align: top;
  }
  th {
    font-size: 0.8rem;
    color: #3c4250;
  }
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .muted {
    color: #5a6070;
    font-size: 0.85rem;
  }
  .status {
    display: inline-block;
    padding: 0 0.4rem;
    border-radius: 4px;
    background: #e8eaf0;
    font-size: 0.8rem;
  }
  .status.succeeded {
    background: #d7f2df;
    color: #0f5a2a;
  }
  .status.failed,
  .status.expired,
  .status.canceled {
    background: #f9dedc;
    color: #8c1d18;
  }
  .status.needs_review,
  .status.requires_action {
    background: #ffe9b0;
    color: #5c4100;
  }
  .card {
    border: 1px solid #d9dce3;
    border-radius: 8px;
    padding: 0.8rem;
    margin-bottom: 0.8rem;
    background: #fff;
  }
  ul.plain {
    list-style: none;
    padding: 0;
  }
  /* Links one under another: each a target of at least 24 px (WCAG 2.5.8). */
  ul.plain li > a {
    display: inline-block;
    min-height: 24px;
    padding: 0.2rem 0;
  }
  .error {
    color: #8c1d18;
  }
  .notice {
    color: #0f5a2a;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.25rem 0.8rem;
    margin: 0;
  }
  dt {
    color: #3c4250;
    font-size: 0.85rem;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ol.timeline {
    list-style: none;
    padding: 0;
    margin: 0;
  }
  ol.timeline li {
    border-left: 3px solid #b8bfcc;
    padding: 0.2rem 0 0.5rem 0.6rem;
  }
  li,
  p {
    overflow-wrap: anywhere;
  }
  code {
    font-size: 0.85em;
    overflow-wrap: anywhere;
  }
  @media (max-width: 40rem) {
    table.stack thead {
      position: absolute;
      left: -9999px;
    }
    table.stack tr {
      display: block;
      border-bottom: 1px solid #d9dce3;
      padding: 0.4rem 0;
    }
    table.stack td {
      display: flex;
      justify-content: space-between;
      gap: 0.6rem;
      border: 0;
      padding: 0.15rem 0;
      text-align: right;
    }
    table.stack td::before {
      content: attr(data-label);
      color: #5a6070;
      font-size: 0.8rem;
      text-align: left;
    }
  }
`;
