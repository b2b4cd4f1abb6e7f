/**
 * The merchant's brand on the hosted checkout page (`GET /pay/:id`): `BRAND_NAME`,
 * `BRAND_LOGO_URL` and `BRAND_COLOR`, validated with the rest of the configuration
 * (worker/config.ts): a bad value refuses to run (CONFIG_INVALID) rather than render a page
 * that loads images from anywhere or paints an unreadable button.
 * @module
 */
import type { Report } from './env-vars';

/** The validated brand. */
export interface Brand {
  /** Shown in the page's header and title; `BRAND_NAME`, else `SERVICE_SENDER`. */
  name: string;
  /** An absolute https URL (or one under this Worker's origin), or null for no logo. */
  logoUrl: string | null;
  /** `#rrggbb`, lowercase: buttons, links and the header accent. */
  color: string;
  /** `#ffffff` or `#000000`: the readable text colour on {@link color}. */
  onColor: string;
  /**
   * The themes whose card {@link color} stands out from by at least 3:1 (WCAG's contrast for
   * controls and focus rings): there the widget takes it as its primary colour; in the others
   * it keeps its own.
   */
  primaryIn: { light: boolean; dark: boolean };
}

/** The hosted page's card backgrounds (worker/hosted/styles.ts), which the widget sits on. */
export const CARD_BACKGROUND = { light: '#ffffff', dark: '#15181e' } as const;

/** WCAG's least contrast for user-interface components (focus rings, a chosen option's border). */
const UI_CONTRAST = 3;

/** The accent when `BRAND_COLOR` is unset (the widget's own primary). */
export const DEFAULT_BRAND_COLOR = '#1d5bd0';

/** The longest `BRAND_NAME`. */
export const MAX_BRAND_NAME_LENGTH = 80;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
// C0 and C1 controls, and the bidi overrides a name could use to disguise itself.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** `#abc` → `#aabbcc`, lowercase. */
function longHex(color: string): string {
  const hex = color.slice(1).toLowerCase();
  return hex.length === 3 ? `#${[...hex].map((d) => d + d).join('')}` : `#${hex}`;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(color: string): number {
  const channel = (i: number) => {
    const c = parseInt(color.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/**
 * The WCAG contrast ratio of two `#rrggbb` colours (1 to 21).
 *
 * @example
 * contrast('#ffffff', '#000000'); // 21
 */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * White or black, whichever contrasts more with `color` (`#rrggbb`).
 *
 * @example
 * readableOn('#ffcc00'); // '#000000'
 * readableOn('#0a7d4f'); // '#ffffff'
 */
export function readableOn(color: string): string {
  return contrast(color, '#ffffff') >= contrast(color, '#000000') ? '#ffffff' : '#000000';
}

/**
 * Reads and checks the brand settings, reporting each problem. `publicBaseUrl` resolves a logo
 * given as a path (`/brand/logo.svg`, served by this Worker's assets); anything but https (or
 * this Worker's own origin) is refused, so the page's CSP can name the one image origin it needs.
 *
 * @example
 * const brand = readBrand(settings, 'https://pay.shop.example', report);
 */
export function readBrand(
  env: {
    BRAND_NAME?: unknown;
    BRAND_LOGO_URL?: unknown;
    BRAND_COLOR?: unknown;
    SERVICE_SENDER?: unknown;
  },
  publicBaseUrl: string,
  report: Report,
): Brand {
  const rawName = typeof env.BRAND_NAME === 'string' ? env.BRAND_NAME.trim() : '';
  let name = rawName || (typeof env.SERVICE_SENDER === 'string' ? env.SERVICE_SENDER.trim() : '');
  if (rawName.length > MAX_BRAND_NAME_LENGTH || UNPRINTABLE.test(rawName)) {
    report(
      `BRAND_NAME must be 1 to ${MAX_BRAND_NAME_LENGTH} printable characters (the shop's name on the hosted page)`,
    );
    name = '';
  }
  let logoUrl: string | null = null;
  const rawLogo = typeof env.BRAND_LOGO_URL === 'string' ? env.BRAND_LOGO_URL.trim() : '';
  if (rawLogo !== '') {
    logoUrl = logoUrlOf(rawLogo, publicBaseUrl, report);
  }
  let color = DEFAULT_BRAND_COLOR;
  const rawColor = typeof env.BRAND_COLOR === 'string' ? env.BRAND_COLOR.trim() : '';
  if (rawColor !== '') {
    if (HEX.test(rawColor)) color = longHex(rawColor);
    else report('BRAND_COLOR must be a hex colour like #0a7d4f or #0a7');
  }
  const primaryIn = {
    light: contrast(color, CARD_BACKGROUND.light) >= UI_CONTRAST,
    dark: contrast(color, CARD_BACKGROUND.dark) >= UI_CONTRAST,
  };
  return { name, logoUrl, color, onColor: readableOn(color), primaryIn };
}

/** The logo's absolute URL, or null with a problem reported. */
function logoUrlOf(raw: string, publicBaseUrl: string, report: Report): string | null {
  const refuse = () => {
    report(
      'BRAND_LOGO_URL must be an https:// URL (or a path like /brand/logo.svg served by this Worker)',
    );
    return null;
  };
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.includes('\\')) {
    try {
      const own = new URL(publicBaseUrl);
      const url = new URL(raw, own);
      return url.origin === own.origin ? url.href : refuse();
    } catch {
      return refuse();
    }
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse();
  }
  if (url.protocol !== 'https:' || url.username || url.password) return refuse();
  return url.href;
}
