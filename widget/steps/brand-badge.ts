/**
 * A method's brand badge: its initials on the brand's colour, drawn in CSS (no logo files).
 * The colours come from the proxy's view, so they reach the shadow root as one constructable
 * stylesheet of generated classes (no `style` attribute: `style-src 'self'` is enough).
 * @module
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { BrandBadge } from '../../shared/view';
import type { StepState } from './state';

/** The badges' stylesheet, made on first use (importing this module touches no DOM). */
let sheet: CSSStyleSheet | undefined;
/** Class name by `bg + fg`. */
const classes = new Map<string, string>();

/**
 * The class carrying a badge's colours, adopting the stylesheet into the element's shadow root.
 * Colours that are not `#rrggbb`, and browsers without constructable stylesheets, get no class
 * (the neutral badge).
 */
function colourClass(s: StepState, { bg, fg }: BrandBadge): string {
  const key = bg + fg;
  let name = classes.get(key);
  try {
    if (!name && /^(#[\da-f]{6}){2}$/i.test(key)) {
      sheet ??= new CSSStyleSheet();
      sheet.insertRule(`.b${classes.size}{background:${bg};color:${fg}}`);
      classes.set(key, (name = `b${classes.size}`));
    }
    const root = s._host.renderRoot as ShadowRoot;
    if (sheet && !root.adoptedStyleSheets.includes(sheet)) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
  } catch {
    return ''; // no constructable stylesheets (Safari before 16.4): the neutral badge
  }
  return name ?? '';
}

/**
 * Renders a method's badge (decorative: the label beside it says the name), or nothing when the
 * view has none.
 *
 * @example
 * html`<label>${renderBadge(s, method.badge)}<strong>${method.label}</strong></label>`;
 */
export function renderBadge(
  s: StepState,
  badge: BrandBadge | undefined,
): TemplateResult | typeof nothing {
  return badge
    ? html`<span part="brand" class="brand ${colourClass(s, badge)}" aria-hidden="true"
        >${badge.text}</span
      >`
    : nothing;
}
