/**
 * Live status through the real proxy: the WebSocket stream, reconnection with backoff, the
 * polling fallback when sockets fail (caused for real: connections to a closed port, or a
 * WebSocket constructor that throws), resume after a reload, and the redirect return page.
 */
import { expect, fixtureCleanup, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { backoffDelay, streamUrl } from '../../widget/transport';
import { bodyText, q, waitForStep } from './support/dom';
import { fakeClock } from './support/fake-clock';
import {
  STACK,
  createSession,
  decideRedirect,
  expireSession,
  faultySockets,
  getView,
  mountSession,
  startAttempt,
} from './support/stack';

const pending005 = { country_id: 1, method: 'send money', mobile: '254712345005' };

describe('transport', function () {
  this.timeout(30_000);
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
    fixtureCleanup();
  });

  it('builds the stream URL and backs off exponentially with jitter', () => {
    expect(streamUrl('https://pay.example.com', 'cs_1')).to.equal(
      'wss://pay.example.com/v1/checkout/cs_1/stream',
    );
    expect(streamUrl('http://127.0.0.1:8796', 'cs_1')).to.equal(
      'ws://127.0.0.1:8796/v1/checkout/cs_1/stream',
    );
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 500, 15_000, () => 0))).to.deep.equal([
      500, 1000, 2000, 4000, 15_000,
    ]);
    expect(backoffDelay(1, 500, 15_000, () => 1)).to.equal(600);
  });

  it('follows the session live over the stream', async () => {
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    // Polls are too rare to explain what follows: only the stream can.
    const el = await mountSession(session, { pollInterval: 600_000 });
    await waitForStep(el, 'form');
    await waitUntil(() => el.connection === 'live', 'stream never opened');
    await startAttempt(session, pending005); // as if from another tab
    await waitForStep(el, 'approve');
    expect(bodyText(el)).to.contain('+254******005');
  });

  it('shows the expired step live when the merchant expires the checkout', async () => {
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session, { pollInterval: 600_000 });
    await waitForStep(el, 'form');
    await waitUntil(() => el.connection === 'live', 'stream never opened');
    expect((await expireSession(session)).status).to.equal('expired'); // the shop's backend
    await waitForStep(el, 'expired');
  });

  it('reconnects after the socket drops, and keeps following', async () => {
    const faults = faultySockets(() => false);
    restore = faults.restore;
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session, { pollInterval: 600_000 });
    await waitUntil(() => el.connection === 'live', 'stream never opened');
    const dropped = performance.now();
    faults.sockets[0]!.close();
    await waitUntil(() => faults.sockets.length === 2, 'no reconnection', { timeout: 5000 });
    const gap = faults.started[1]! - dropped;
    expect(gap).to.be.within(400, 1500); // first retry after ~500 ms (+ jitter)
    await waitUntil(() => el.connection === 'live', 'stream not reopened');
    await startAttempt(session, pending005);
    await waitForStep(el, 'approve');
  });

  it('backs off between failed connections, then polls', async () => {
    const faults = faultySockets((n) => n <= 3); // three refused connections, then a good one
    restore = faults.restore;
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    const modes: string[] = [];
    const el = await mountSession(session, { pollInterval: 300 });
    const track = setInterval(() => {
      if (modes.at(-1) !== el.connection) modes.push(el.connection);
    }, 20);
    await waitUntil(() => faults.started.length >= 4 && el.connection === 'live', 'no recovery', {
      timeout: 10_000,
    });
    clearInterval(track);
    const gaps = faults.started.slice(1).map((t, i) => t - faults.started[i]!);
    // 500, 1000, 2000 ms (+ up to 20 % jitter, + connection time)
    expect(gaps[0]).to.be.within(450, 1000);
    expect(gaps[1]).to.be.within(950, 1700);
    expect(gaps[2]).to.be.within(1950, 3000);
    expect(modes).to.include('polling');
    expect(el.connection).to.equal('live');
  });

  it('falls back to polling when sockets always fail, and still sees the outcome', async () => {
    const faults = faultySockets(() => true);
    restore = faults.restore;
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session, { pollInterval: 300 });
    await waitUntil(() => el.connection === 'polling', 'never polled', { timeout: 5000 });
    await startAttempt(session, { ...pending005, mobile: '254712345000' });
    await waitForStep(el, 'success', 15_000);
    expect(el.connection).to.equal('idle'); // a final session stops every timer
  });

  it('polls when refused sockets fire only an error, never a close (WebKit)', async () => {
    const faults = faultySockets(() => true, 'error-only');
    restore = faults.restore;
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session, { pollInterval: 300 });
    await waitUntil(() => el.connection === 'polling', 'never polled', { timeout: 5000 });
    expect(faults.sockets.length).to.be.at.least(2);
    await startAttempt(session, pending005);
    await waitForStep(el, 'approve', 5000);
  });

  it('polls when the WebSocket constructor itself throws (e.g. blocked by policy)', async () => {
    const faults = faultySockets(() => true, 'throw');
    restore = faults.restore;
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session, { pollInterval: 300 });
    await waitUntil(() => el.connection === 'polling', 'never polled', { timeout: 5000 });
    await startAttempt(session, pending005);
    await waitForStep(el, 'approve', 5000);
  });
});

describe('resume after a reload', function () {
  this.timeout(30_000);
  afterEach(() => fixtureCleanup());

  // A reload is a new element on the same session: what it shows comes from the proxy's view.
  it('approve_on_phone', async () => {
    const session = await createSession({ amount: 1000, currency: 'KES' });
    await startAttempt(session, pending005);
    const el = await mountSession(session);
    await waitForStep(el, 'approve');
    expect(bodyText(el)).to.contain('+254******005');
  });

  it('enter_otp, with the countdown of the original code (fake clock)', async () => {
    const session = await createSession({ amount: 2000, currency: 'XOF', country_id: 3 });
    await startAttempt(session, { country_id: 3, method: 'Orange', mobile: '2250712345000' });
    // The reload comes 3.1 s after the code was sent: the countdown is the code's, not a new 2:00.
    const time = fakeClock(Date.now() + 3100);
    try {
      const el = await mountSession(session);
      await waitForStep(el, 'otp');
      expect(q(el, '[role=timer]').textContent).to.match(/^Expires in 1:5[0-7]$/);
    } finally {
      time.restore();
    }
  });

  it('bank_transfer, with the same account', async () => {
    const session = await createSession({ amount: 5000, currency: 'NGN' });
    const started = await startAttempt(session, {
      country_id: 17,
      method: 'virtual_account',
      first_name: 'Ada',
      last_name: 'Obi',
      account_name: 'Ada Obi',
      bank_code: '17001',
    });
    const next = started.attempt?.next;
    if (next?.type !== 'bank_transfer') throw new Error('no bank transfer');
    const el = await mountSession(session);
    await waitForStep(el, 'transfer');
    expect(bodyText(el)).to.contain(next.account_number);
  });

  it('redirect, then the outcome after a full-page return', async () => {
    const session = await createSession({ amount: 2500, currency: 'XOF', country_id: 9 });
    await startAttempt(session, { country_id: 9, method: 'Wave', mobile: '221771234000' });
    const first = await mountSession(session);
    await waitForStep(first, 'redirect');
    const url = (await getView(session)).attempt?.next;
    if (url?.type !== 'redirect') throw new Error('no redirect');
    fixtureCleanup(); // the page navigated away
    await decideRedirect(url.url, 'approve');
    const back = await mountSession(session); // the merchant's return_url mounts it again
    await waitForStep(back, 'success', 15_000);
  });

  it('a payment that already failed shows the failure with a retry', async () => {
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    await startAttempt(session, { ...pending005, mobile: '254712345001' });
    await waitUntil(async () => (await getView(session)).status === 'open', 'no failure', {
      timeout: 10_000,
    });
    const el = await mountSession(session);
    await waitForStep(el, 'failure');
    expect(q(el, '[part~=primary]').textContent?.trim()).to.equal('Try again');
  });
});

describe('redirect return page', function () {
  this.timeout(30_000);
  afterEach(() => fixtureCleanup());

  it("refreshes when the proxy's return page posts back from the popup", async () => {
    const faults = faultySockets(() => true); // no stream, and polls too rare to matter
    try {
      const session = await createSession({ amount: 2500, currency: 'XOF', country_id: 9 });
      await startAttempt(session, { country_id: 9, method: 'Wave', mobile: '221771234000' });
      const el = await mountSession(session, { pollInterval: 600_000 });
      await waitForStep(el, 'redirect');
      // The views the polls apply (the stream never opens): the transport calls applyView.
      let polled = 0;
      const apply = el.applyView.bind(el);
      el.applyView = (v) => {
        if (el.connection === 'polling') polled++;
        return apply(v);
      };
      // Two refused sockets (500 ms apart, + jitter and each engine's own connection time).
      await waitUntil(() => el.connection === 'polling', 'not polling', { timeout: 5000 });
      // The first poll has landed; the next one is 10 minutes away.
      await waitUntil(() => polled === 1, 'the first poll did not land', { timeout: 5000 });
      const next = el.view?.attempt?.next;
      if (next?.type !== 'redirect') throw new Error('no redirect');
      await decideRedirect(next.url, 'approve');
      await waitUntil(async () => (await getView(session)).status === 'succeeded', 'not paid', {
        timeout: 10_000,
      });
      expect(el.step).to.equal('redirect'); // nothing told the element yet
      // The real return page, in a real popup opened by this page: it posts to its opener. Opened
      // from a key press (a user gesture): WebKit, like Safari, blocks window.open without one.
      let popup: Window | null = null;
      const opener = document.createElement('button');
      opener.textContent = 'Open the return page';
      opener.addEventListener('click', () => {
        popup = window.open(
          `${STACK}/v1/checkout/${session}/return?outcome=success`,
          'unified-checkout-test',
          'popup,width=400,height=400',
        );
      });
      document.body.append(opener);
      opener.focus();
      await sendKeys({ press: 'Enter' });
      opener.remove();
      expect(popup, 'popup blocked').to.not.equal(null);
      await waitForStep(el, 'success', 8000);
      (popup as Window | null)?.close();
    } finally {
      faults.restore();
    }
  });

  it('ignores return messages from another origin or session', async () => {
    const session = await createSession({ amount: 2500, currency: 'XOF', country_id: 9 });
    await startAttempt(session, { country_id: 9, method: 'Wave', mobile: '221771234000' });
    const el = await mountSession(session, { pollInterval: 600_000 });
    // The element listens for the popup once the redirect step (whose chunk carries it) shows.
    await waitForStep(el, 'redirect');
    let fetched = 0;
    const original = window.fetch;
    window.fetch = (...args: Parameters<typeof fetch>) => {
      fetched++;
      return original(...args);
    };
    try {
      const data = { type: 'unified-checkout:return', session, outcome: 'success' };
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example' }));
      window.dispatchEvent(
        new MessageEvent('message', { data: { ...data, session: 'cs_x' }, origin: STACK }),
      );
      // The element's listener runs as the event is dispatched, and a refresh fetches at once.
      await el.updateComplete;
      expect(fetched).to.equal(0);
      window.dispatchEvent(new MessageEvent('message', { data, origin: STACK }));
      await waitUntil(() => fetched === 1, 'the genuine message did not refresh');
    } finally {
      window.fetch = original;
    }
  });
});
