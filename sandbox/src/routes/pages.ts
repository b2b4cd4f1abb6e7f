/**
 * The sandbox's browser pages (reachable through the proxy's /sandbox/* forward; every link is
 * built from SANDBOX_PUBLIC_URL):
 *
 * - GET  /pay/:ref          authorization page of a redirect method (Approve / Decline)
 * - POST /pay/:ref/approve  → 303 successful_url; the success callback follows
 * - POST /pay/:ref/decline  → 303 failure_url; the failed callback (PM-003) follows
 * - GET  /links/:id         hosted checkout of a payment link, prefilled
 * - POST /links/:id/pay     (form: phone, first_name, last_name, email) → 303 redirection_url?reference=…
 * - GET  /assets/sandbox.css
 * @module
 */
import { Hono, type Context } from 'hono';
import type { SandboxApp } from '../app-env';
import { ledger } from '../ledger-stub';
import { authorizePage } from '../pages/authorize';
import { notice, pageHeaders } from '../pages/layout';
import { linkCheckoutPage, type LinkForm } from '../pages/link-checkout';
import { SANDBOX_CSS } from '../pages/styles';
import type { Transaction } from '../store/transactions';
import { isRedirectKind } from '../../../shared/method-kinds';
import { transactionRefOf } from '../references';

/** The page routes. */
export const pages = new Hono<SandboxApp>();

const noticeResponse = (
  c: Context<SandboxApp>,
  status: 400 | 404 | 409,
  title: string,
  message: string,
  link?: { href: string; label: string },
) =>
  c.html(
    notice(title, message, c.env.SANDBOX_PUBLIC_URL, link),
    status,
    pageHeaders(c.env.SANDBOX_PUBLIC_URL, []),
  );

/** The merchant URL the payer goes to for a settled redirect transaction. */
const destinationOf = (tx: Transaction): string | null =>
  tx.status === 'success' ? tx.successful_url : tx.status === 'failed' ? tx.failure_url : null;

pages.get('/assets/sandbox.css', (c) =>
  c.body(SANDBOX_CSS, 200, {
    'content-type': 'text/css; charset=utf-8',
    'cache-control': 'public, max-age=300',
  }),
);

pages.get('/pay/:ref', async (c) => {
  const publicUrl = c.env.SANDBOX_PUBLIC_URL;
  const tx = await ledger(c.env).transaction(c.req.param('ref'));
  if (!tx || !isRedirectKind(tx.method_kind)) {
    return noticeResponse(c, 404, 'Payment not found', 'There is no payment to authorize here.');
  }
  if (tx.status !== 'pending') {
    const href = destinationOf(tx);
    return noticeResponse(
      c,
      409,
      'Payment already completed',
      `This payment was already ${tx.status === 'success' ? 'approved' : 'declined or failed'}.`,
      href ? { href, label: 'Return to the merchant' } : undefined,
    );
  }
  return c.html(
    authorizePage(tx, c.env.SANDBOX_SENDER, publicUrl),
    200,
    pageHeaders(publicUrl, [tx.successful_url, tx.failure_url]),
  );
});

for (const decision of ['approve', 'decline'] as const) {
  pages.post(`/pay/:ref/${decision}`, async (c) => {
    const decided = await ledger(c.env).decide(c.req.param('ref'), decision);
    if (decided.result === 'not_found') {
      return noticeResponse(c, 404, 'Payment not found', 'There is no payment to authorize here.');
    }
    const wanted = decision === 'approve' ? 'success' : 'failed';
    const href = destinationOf(decided.tx);
    if (href && (decided.result === 'decided' || decided.tx.status === wanted)) {
      return c.redirect(href, 303);
    }
    return noticeResponse(
      c,
      409,
      'Payment already completed',
      `This payment is already ${decided.tx.status}.`,
      href ? { href, label: 'Return to the merchant' } : undefined,
    );
  });
}

pages.get('/links/:id', async (c) => {
  const publicUrl = c.env.SANDBOX_PUBLIC_URL;
  const link = await ledger(c.env).link(c.req.param('id'));
  if (!link) return noticeResponse(c, 404, 'Payment link not found', 'This link does not exist.');
  return c.html(
    linkCheckoutPage(link, link, publicUrl),
    200,
    pageHeaders(publicUrl, [link.redirection_url]),
  );
});

pages.post('/links/:id/pay', async (c) => {
  const publicUrl = c.env.SANDBOX_PUBLIC_URL;
  const link = await ledger(c.env).link(c.req.param('id'));
  if (!link) return noticeResponse(c, 404, 'Payment link not found', 'This link does not exist.');
  const body = await c.req.parseBody();
  const value = (name: string) => {
    const raw = body[name];
    return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
  };
  const form: LinkForm = {
    first_name: value('first_name'),
    last_name: value('last_name'),
    email: value('email'),
    phone: value('phone'),
  };
  if (!form.phone || !/^\d{8,15}$/.test(form.phone)) {
    return c.html(
      linkCheckoutPage(
        link,
        form,
        publicUrl,
        'Enter the phone number as 8 to 15 digits, country code first.',
      ),
      400,
      pageHeaders(publicUrl, [link.redirection_url]),
    );
  }
  const tx = await ledger(c.env).payLink(link.id, {
    phone: form.phone,
    first_name: form.first_name,
    last_name: form.last_name,
  });
  if (!tx) return noticeResponse(c, 404, 'Payment link not found', 'This link does not exist.');
  if (link.redirection_url) {
    const target = new URL(link.redirection_url);
    target.searchParams.set('reference', transactionRefOf(tx));
    return c.redirect(target.toString(), 303);
  }
  return c.html(
    notice(
      'Payment submitted',
      `Reference ${tx.ref}. The merchant is told the outcome by callback.`,
      publicUrl,
    ),
    200,
    pageHeaders(publicUrl, []),
  );
});
