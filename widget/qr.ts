/**
 * The hosted page's "Pay on your phone" QR code (`public/hosted/qr.js`, a module of its own):
 * the page imports it only on a wide screen (worker/hosted/script.ts), so a phone never loads
 * it. The code is drawn as SVG elements, neither markup parsed nor styles, so the page's
 * strict CSP holds.
 * @module
 */
import { encode } from 'uqr';

const SVG = 'http://www.w3.org/2000/svg';

function element(name: string, attributes: Record<string, string>): SVGElement {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/**
 * Draws the QR code of `text` into `container` (replacing its content), dark on white in
 * either theme (phones' cameras read it so), with `label` as its accessible name.
 *
 * @example
 * renderQr(document.getElementById('uc-qr')!, 'https://pay.example.com/pay/cs_1', 'QR code');
 */
export function renderQr(container: Element, text: string, label: string): void {
  // Level M: still read when a screen's glare or a hand hides part of it; a border of 4 modules
  // is the quiet zone the standard asks for.
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  const svg = element('svg', {
    viewBox: `0 0 ${size} ${size}`,
    role: 'img',
    'aria-label': label,
    'shape-rendering': 'crispEdges',
  });
  svg.append(
    element('rect', { width: String(size), height: String(size), fill: '#fff' }),
    element('path', { d: path, fill: '#000' }),
  );
  container.replaceChildren(svg);
}
