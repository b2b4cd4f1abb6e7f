/**
 * The authorization page of redirect methods (redirect wallet, bank EFT, bank ID): the payer
 * approves or declines with plain HTML form POSTs (no script).
 * @module
 */
import { html } from 'hono/html';
import type { Transaction } from '../store/transactions';
import { authorizationUrl } from '../urls';
import { layout, type Markup } from './layout';

const METHOD_LABEL: Readonly<Record<string, string>> = {
  redirect_wallet: 'Wallet authorization',
  bank_eft: 'Bank EFT',
  bank_id: 'Bank ID authorization',
};

/**
 * The page for one pending redirect transaction.
 *
 * @example
 * c.html(authorizePage(tx, env.SANDBOX_SENDER, env.SANDBOX_PUBLIC_URL), 200, headers);
 */
export function authorizePage(tx: Transaction, merchant: string, publicUrl: string): Markup {
  const action = authorizationUrl(publicUrl, tx.ref);
  return layout(
    'Authorize payment',
    publicUrl,
    html`<main class="card">
      <p class="badge">Sandbox — no real money</p>
      <h1>Authorize payment to ${merchant}</h1>
      <p class="amount">${tx.amount} ${tx.currency}</p>
      <dl>
        <dt>Method</dt>
        <dd>
          ${METHOD_LABEL[tx.method_kind] ?? tx.payment_method_type} (${tx.payment_method_type})
        </dd>
        <dt>Reference</dt>
        <dd>${tx.ref}</dd>
        ${
          tx.name
            ? html`<dt>Payer</dt>
                <dd>${tx.name}</dd>`
            : ''
        }
      </dl>
      <div class="actions">
        <form method="post" action="${action}/approve">
          <button type="submit" class="approve">Approve</button>
        </form>
        <form method="post" action="${action}/decline">
          <button type="submit" class="decline">Decline</button>
        </form>
      </div>
    </main>`,
  );
}
