/**
 * The hosted page's stylesheet, inlined in a nonce'd `<style>` (one request less on a slow
 * network). Mobile first (360 px), light and dark from `prefers-color-scheme`; the brand's
 * colours arrive as `--brand` and `--on-brand`, and the widget's primary colour per theme
 * (page.ts, brandStyles). The no-JS step (`.uc-nojs`, steps.ts) and the widget share one grid
 * cell (`.uc-slot`): the step shows, the widget beneath it invisible but laid out (holding its
 * first step's room, so the cell has the widget's height from the first paint), until the widget
 * takes over (takeover.ts hides the step). Where the widget cannot run (no `.uc-js`, page.ts) its
 * element takes no room.
 * @module
 */
import { CARD_BACKGROUND } from '../brand';

/**
 * The page's CSS (the brand's custom properties are appended per page).
 *
 * @example
 * html`<style nonce="${nonce}">${raw(HOSTED_CSS)}</style>`;
 */
export const HOSTED_CSS = `
*,*::before,*::after{box-sizing:border-box}
:root{color-scheme:light dark;--bg:#f4f5f8;--card:${CARD_BACKGROUND.light};--text:#161a22;--muted:#555d6e;--line:#d5d9e1;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45}
@media (prefers-color-scheme:dark){:root{--bg:#0f1116;--card:${CARD_BACKGROUND.dark};--text:#eceef3;--muted:#a9afbd;--line:#2c313b}}
body{margin:0;background:var(--bg);color:var(--text);min-height:100vh}
.bar{background:var(--card);border-top:4px solid var(--brand);border-bottom:1px solid var(--line)}
.shop{max-width:30rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.75rem;font-weight:600;font-size:1.1rem}
.shop img{width:40px;height:40px;object-fit:contain;border-radius:6px}
.shop>span{min-width:0;overflow-wrap:anywhere}
.langs{margin-inline-start:auto;position:relative;font-weight:400;font-size:.95rem}
.langs summary{cursor:pointer;list-style:none;display:flex;align-items:center;gap:.25rem;min-height:44px;padding:0 .5rem;white-space:nowrap}
.langs summary::-webkit-details-marker{display:none}
.langs ul{position:absolute;inset-inline-end:0;top:100%;z-index:1;margin:0;padding:.25rem 0;list-style:none;min-width:10rem;
max-height:70vh;overflow:auto;background:var(--card);border:1px solid var(--line);border-radius:8px}
.langs a{display:block;padding:.65rem 1rem;color:inherit;text-decoration:none}
.langs a[aria-current]{font-weight:600}
.langs summary:focus-visible,.langs a:focus-visible{outline:3px solid var(--text);outline-offset:-3px}
main{max-width:30rem;margin:0 auto;padding:1rem;display:grid;gap:1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1rem}
.summary h1,.card h1{font-size:1rem;margin:0 0 .5rem}
.summary p{margin:0 0 .5rem;color:var(--muted);overflow-wrap:anywhere}
dl{margin:0;display:grid;gap:.25rem}
dl div{display:flex;justify-content:space-between;gap:1rem}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;text-align:end;overflow-wrap:anywhere}
unified-checkout{display:block;--uc-max-width:100%}
.return{text-align:center}
.return p{color:var(--muted);margin:.75rem 0 0}
.button{display:inline-block;background:var(--brand);color:var(--on-brand);text-decoration:none;font-weight:600;
padding:.75rem 1.25rem;border-radius:8px;min-width:12rem}
.button:focus-visible{outline:3px solid var(--text);outline-offset:2px}
.notice h1{font-size:1.25rem}
.notice p{margin:.25rem 0 1rem;color:var(--muted)}
[hidden]{display:none!important}
.phone{text-align:center}
.phone h2{font-size:1rem;margin:0 0 .5rem}
.phone p{margin:0 0 .75rem;color:var(--muted)}
#uc-qr{display:block;width:12rem;height:12rem;margin:0 auto}
#uc-qr svg{display:block;width:100%;height:100%}
@media (min-width:64rem){main{position:relative}.phone{position:absolute;top:1rem;inset-inline-start:calc(100% + 1rem);width:15rem}}
@media (max-width:63.99rem){.phone{display:none}}
.uc-nojs h2{font-size:1.15rem;margin:0 0 .75rem}
.uc-nojs p{margin:.25rem 0 .75rem}
.uc-nojs fieldset{border:0;margin:0 0 1rem;padding:0}
.uc-nojs legend{font-weight:600;margin-bottom:.5rem}
.uc-nojs .option{display:flex;gap:.5rem;align-items:flex-start;padding:.6rem 0;border-bottom:1px solid var(--line)}
.uc-nojs .option input{width:1.25rem;height:1.25rem;margin:.1rem 0 0}
.uc-nojs .field{margin:0 0 1rem}
.uc-nojs .field label{display:block;font-weight:600;margin-bottom:.25rem}
.uc-nojs input:not([type]),.uc-nojs input[type=tel],.uc-nojs select{width:100%;font:inherit;padding:.65rem .75rem;
border:1px solid var(--muted);border-radius:8px;background:var(--card);color:var(--text)}
.uc-nojs [aria-invalid=true]{border:2px solid #c5221f}
.uc-nojs .hint{color:var(--muted);font-size:.9rem;display:block}
.uc-nojs .problem,.uc-nojs .alert{color:#c5221f;font-weight:600}
@media (prefers-color-scheme:dark){.uc-nojs .problem,.uc-nojs .alert{color:#ff8a80}.uc-nojs [aria-invalid=true]{border-color:#ff8a80}}
.uc-nojs button{font:inherit;font-weight:600;width:100%;padding:.75rem 1rem;border:0;border-radius:8px;
background:var(--brand);color:var(--on-brand);cursor:pointer}
.uc-nojs button:focus-visible,.uc-nojs a:focus-visible{outline:3px solid var(--text);outline-offset:2px}
.uc-nojs a{color:inherit}
.uc-slot{display:grid}
.uc-slot>*{grid-area:1/1;min-width:0}
.uc-js unified-checkout{min-height:var(--uc-min-height,24rem)}
.uc-nojs:not([hidden])~unified-checkout{visibility:hidden}
html:not(.uc-js) unified-checkout{display:none}
`
  .replace(/\n/g, '')
  .trim();
