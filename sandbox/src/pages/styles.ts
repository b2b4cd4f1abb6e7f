/**
 * The stylesheet of the sandbox's pages, served at /assets/sandbox.css (no inline styles, so
 * the pages work under a strict Content-Security-Policy).
 * @module
 */

/** The CSS text. */
export const SANDBOX_CSS = `
:root { color-scheme: light; font-family: system-ui, sans-serif; color: #1d232a; background: #eef1f4; }
body { margin: 0; padding: 1.5rem 0; min-height: 100vh; box-sizing: border-box; display: grid; place-items: center; }
main.card { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgb(0 0 0 / 0.08);
  padding: 2rem; width: min(26rem, 92vw); }
.badge { display: inline-block; margin: 0 0 1rem; padding: 0.2rem 0.6rem; border-radius: 999px;
  background: #fff3cd; color: #6b4e00; font-size: 0.8rem; font-weight: 600; }
h1 { font-size: 1.3rem; margin: 0 0 0.5rem; }
.amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.3rem 1rem; margin: 0 0 1.5rem; }
dt { color: #5b6470; } dd { margin: 0; word-break: break-all; }
.actions { display: flex; gap: 0.75rem; }
.actions form { flex: 1; }
button { width: 100%; padding: 0.8rem 1rem; border: 0; border-radius: 8px; font-size: 1rem;
  font-weight: 600; cursor: pointer; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
button.approve, button.pay { background: #137333; color: #fff; }
button.decline { background: #e8eaed; color: #a50e0e; }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
input { box-sizing: border-box; width: 100%; padding: 0.6rem; border: 1px solid #aab2bd; border-radius: 6px; font-size: 1rem; }
form.pay-form button { margin-top: 1.25rem; }
.error { color: #a50e0e; font-weight: 600; }
.hint { color: #5b6470; font-size: 0.85rem; margin-top: 1.25rem; }
img.logo { max-width: 8rem; max-height: 4rem; display: block; margin-bottom: 1rem; }
`;
