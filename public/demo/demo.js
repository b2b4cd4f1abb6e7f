// The demo shop: creates a checkout session through the dev-only POST /dev/sessions (a real
// shop does this from its backend with its merchant API key) and mounts <unified-checkout>.
// The session id stays in the URL (?session=cs_…), so a reload mid-payment, or the return
// from a full-page redirect (the proxy's return page adds ?session=), mounts the same session
// and the widget resumes from the proxy's view.

/** Markets by currency; XOF spans six (the widget lets the payer pick when none is fixed). */
const MARKETS = [
  { label: 'KES · Kenya', currency: 'KES', country_id: 1 },
  { label: 'XOF · every XOF market', currency: 'XOF' },
  { label: "XOF · Cote d'Ivoire", currency: 'XOF', country_id: 3 },
  { label: 'XOF · Senegal', currency: 'XOF', country_id: 9 },
  { label: 'XAF · Cameroon', currency: 'XAF', country_id: 4 },
  { label: 'TZS · Tanzania', currency: 'TZS', country_id: 10 },
  { label: 'UGX · Uganda', currency: 'UGX', country_id: 11 },
  { label: 'RWF · Rwanda', currency: 'RWF', country_id: 8 },
  { label: 'GHS · Ghana', currency: 'GHS', country_id: 16 },
  { label: 'ZAR · South Africa', currency: 'ZAR', country_id: 15 },
  { label: 'NGN · Nigeria', currency: 'NGN', country_id: 17 },
];

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

function log(text) {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  $('log').append(item);
}

function mount(session, locale, theme) {
  const el = document.createElement('unified-checkout');
  el.setAttribute('session', session);
  if (locale) el.setAttribute('locale', locale);
  el.setAttribute('theme', theme || 'auto');
  for (const name of [
    'checkout-ready',
    'checkout-step',
    'checkout-success',
    'checkout-failure',
    'checkout-expired',
    'checkout-error',
  ]) {
    el.addEventListener(name, (event) => log(`${name} ${JSON.stringify(event.detail)}`));
  }
  $('mount').replaceChildren(el);
  $('session-id').textContent = session;
  $('setup').hidden = true;
  $('checkout').hidden = false;
}

async function create(event) {
  event.preventDefault();
  $('setup-error').textContent = '';
  const market = MARKETS[Number($('market').value)];
  const locale = $('locale').value;
  const theme = $('theme').value;
  const back = new URL('/demo/', location.origin);
  if (locale) back.searchParams.set('locale', locale);
  back.searchParams.set('theme', theme);
  const body = {
    amount: Number($('amount').value),
    currency: market.currency,
    reference: `demo-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    return_url: back.toString(),
  };
  if (market.country_id) body.country_id = market.country_id;
  const subMerchant = $('sub-merchant').value.trim();
  if (subMerchant) body.sub_merchant_id = subMerchant;
  try {
    const res = await fetch('/dev/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(answer?.error?.message ?? `HTTP ${res.status}`);
    const url = new URL(back);
    url.searchParams.set('session', answer.id);
    history.replaceState(null, '', url);
    mount(answer.id, locale, theme);
  } catch (error) {
    $('setup-error').textContent = `Could not create the session: ${error.message}`;
  }
}

const session = params.get('session');
// Before the first paint (this script is a classic one in the head): a page opened with a
// session lays out its checkout area from the start, not the setup form it would swap out
// later (which pushed everything below it down).
if (session) document.documentElement.classList.add('paying');

function start() {
  MARKETS.forEach((market, i) => $('market').add(new Option(market.label, String(i))));
  $('locale').value = params.get('locale') ?? '';
  $('theme').value = params.get('theme') ?? 'auto';
  $('setup').addEventListener('submit', create);
  if (session) mount(session, params.get('locale') ?? '', params.get('theme') ?? 'auto');
}
// Once the page is parsed, before the deferred widget.js runs (readyState turns "interactive"
// before deferred scripts run; DOMContentLoaded fires after them).
document.addEventListener('readystatechange', function parsed() {
  if (document.readyState !== 'interactive') return;
  document.removeEventListener('readystatechange', parsed);
  start();
});
