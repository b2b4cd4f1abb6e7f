/**
 * Payout batches (docs/payout-batches.md): finance uploads a CSV and sees its lines with the bad
 * ones highlighted (the 422 BATCH_INVALID's `details.rows`); another finance or admin user
 * approves (the API refuses the uploader: SAME_APPROVER); a progress bar follows the sending
 * and the results CSV downloads. The buttons follow ROLE_GRANTS; the API decides anyway.
 * @module
 */
import { css, html, type PropertyValues } from 'lit';
import { api, ApiError, apiText, download, type Page } from '../api';
import { can } from '../can';
import { money, t, when } from '../i18n';
import { badge, ConsolePage } from '../page';
import { shared } from '../styles';

interface CurrencyAmount {
  currency: string;
  amount: number;
}

interface BatchSummary {
  id: string;
  status: string;
  reference: string | null;
  count: number;
  totals: CurrencyAmount[];
  created_at: string;
}

interface Batch extends BatchSummary {
  paused_reason: string | null;
  counts: Record<string, number>;
  settled_totals: CurrencyAmount[];
  progress: { total: number; sent: number; settled: number; percent: number };
  created_by: { email?: string; key_id: string };
  approved_by: { email?: string; key_id: string } | null;
}

/** One problem of a refused upload. */
interface RowIssue {
  line: number;
  field: string;
  code: string;
  message: string;
}

/** Lines of an upload shown in full; a longer file shows its bad lines only. */
const SHOWN_LINES = 500;
/** How often a batch being sent is read again. */
const FOLLOW_MS = 2000;

/** Uploads `csv` as a batch (text/csv, not the JSON of `api()`); a 422 answers its rows. */
async function upload(csv: string, reference: string): Promise<Batch | RowIssue[]> {
  const query = reference ? `?reference=${encodeURIComponent(reference)}` : '';
  const response = await fetch(`/console/api/v1/payout-batches${query}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'text/csv', 'x-console': '1' },
    body: csv,
    credentials: 'same-origin',
  });
  const json = (await response.json()) as Batch & {
    error?: { code: string; message: string; details?: { rows?: RowIssue[] } };
  };
  if (response.ok) return json;
  if (json.error?.code === 'BATCH_INVALID') return json.error.details?.rows ?? [];
  throw new ApiError(response.status, json.error?.code ?? 'HTTP', json.error?.message ?? '');
}

const totals = (list: CurrencyAmount[]) => list.map((x) => money(x.amount, x.currency)).join(', ');

class BatchesPage extends ConsolePage {
  static override styles = [
    shared,
    css`
      tr.bad td {
        background: #fde8e8;
        border-left: 4px solid #b3261e;
      }
      progress {
        display: block;
        width: 100%;
        height: 1.2rem;
      }
    `,
  ];
  static override properties = {
    ...ConsolePage.properties,
    batches: { state: true },
    batch: { state: true },
    lines: { state: true },
    issues: { state: true },
  };
  declare batches: BatchSummary[];
  declare batch: Batch | null;
  /** The refused upload's lines and problems. */
  declare lines: string[];
  declare issues: RowIssue[];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.batches = [];
    this.batch = null;
    this.lines = [];
    this.issues = [];
  }

  protected override async load(): Promise<void> {
    const [page, batch] = await Promise.all([
      api<Page<BatchSummary>>('/payout-batches?limit=50'),
      this.batch ? api<Batch>(`/payout-batches/${this.batch.id}`) : Promise.resolve(null),
    ]);
    this.batches = page.data;
    this.batch = batch;
  }

  /** Follows a batch being sent: reads it again until it stops moving. */
  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    clearTimeout(this.timer);
    if (this.batch?.status === 'sending') {
      this.timer = setTimeout(() => void this.open(this.batch!.id), FOLLOW_MS);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  private async open(id: string): Promise<void> {
    try {
      this.batch = await api<Batch>(`/payout-batches/${id}`);
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    }
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const file = form.get('file');
    if (!(file instanceof File)) return;
    const csv = await file.text();
    this.issues = [];
    await this.act(async () => {
      const answer = await upload(csv, String(form.get('reference') ?? '').trim());
      if (Array.isArray(answer)) {
        this.lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
        this.issues = answer;
        throw new ApiError(422, 'BATCH_INVALID', `${answer.length} ${t('batchProblems')}`);
      }
      this.batch = answer;
    });
  }

  private action(verb: 'approve' | 'cancel' | 'resume'): void {
    const id = this.batch!.id;
    void this.act(() => api(`/payout-batches/${id}/${verb}`, 'POST'));
  }

  private async results(): Promise<void> {
    const id = this.batch!.id;
    try {
      download(`${id}-results.csv`, await apiText(`/payout-batches/${id}/results.csv`));
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    }
  }

  /** The refused file: its lines (or its bad lines only), the bad ones highlighted. */
  private validation() {
    if (this.issues.length === 0) return '';
    const byLine = new Map<number, RowIssue[]>();
    for (const issue of this.issues)
      byLine.set(issue.line, [...(byLine.get(issue.line) ?? []), issue]);
    // Lines as the file's line breaks cut them (a quoted line break is rare in a payout file).
    const numbers =
      this.lines.length <= SHOWN_LINES
        ? this.lines.flatMap((text, i) => (text === '' && !byLine.has(i + 1) ? [] : [i + 1]))
        : [...byLine.keys()];
    return html`<section class="card" aria-labelledby="invalid">
      <h2 id="invalid">${t('batchInvalid')}</h2>
      <table class="stack validation">
        <thead>
          <tr>
            <th class="num">${t('line')}</th>
            <th>${t('content')}</th>
            <th>${t('problem')}</th>
          </tr>
        </thead>
        <tbody>
          ${numbers.map((n) => {
            const issues = byLine.get(n);
            return html`<tr class=${issues ? 'bad' : ''}>
              <td class="num" data-label=${t('line')}>${n}</td>
              <td data-label=${t('content')}><code>${this.lines[n - 1] ?? ''}</code></td>
              <td data-label=${t('problem')}>
                ${issues?.map((i) => html`<div><strong>${i.field || i.code}</strong>: ${i.message}</div>`) ?? ''}
              </td>
            </tr>`;
          })}
        </tbody>
      </table>
    </section>`;
  }

  private detail() {
    const b = this.batch;
    if (!b) return '';
    const finished = b.status === 'completed' || b.status === 'canceled';
    return html`<section class="card" aria-labelledby="batch">
      <h2 id="batch">${b.reference ?? b.id} ${badge(b.status)}</h2>
      ${b.paused_reason ? html`<p class="error">${b.paused_reason}</p>` : ''}
      <label
        >${t('progress')}: ${b.progress.settled} / ${b.progress.total}
        <progress max=${b.progress.total} value=${b.progress.settled}>
          ${b.progress.percent}%
        </progress>
      </label>
      <dl>
        <dt>${t('amount')}</dt>
        <dd>${totals(b.totals)}</dd>
        <dt>${t('batchPaid')}</dt>
        <dd>${totals(b.settled_totals) || '—'}</dd>
        <dt>${t('status')}</dt>
        <dd>
          ${Object.entries(b.counts)
            .filter(([, n]) => n > 0)
            .map(([s, n]) => `${s}: ${n}`)
            .join(' · ')}
        </dd>
        <dt>${t('batchCreatedBy')}</dt>
        <dd>${b.created_by.email ?? b.created_by.key_id}</dd>
        <dt>${t('batchApprovedBy')}</dt>
        <dd>${b.approved_by ? (b.approved_by.email ?? b.approved_by.key_id) : '—'}</dd>
      </dl>
      <div class="row">
        ${
          b.status === 'awaiting_approval' && can('POST', '/payout-batches/:id/approve')
            ? html`<button type="button" @click=${() => this.action('approve')}>
                ${t('approve')}
              </button>`
            : ''
        }
        ${
          b.status === 'paused' && can('POST', '/payout-batches/:id/resume')
            ? html`<button type="button" @click=${() => this.action('resume')}>
                ${t('resume')}
              </button>`
            : ''
        }
        ${
          !finished && can('POST', '/payout-batches/:id/cancel')
            ? html`<button type="button" class="danger" @click=${() => this.action('cancel')}>
                ${t('cancel')}
              </button>`
            : ''
        }
        ${
          b.status !== 'awaiting_approval'
            ? html`<button type="button" class="quiet" @click=${() => void this.results()}>
                ${t('batchResults')}
              </button>`
            : ''
        }
      </div>
    </section>`;
  }

  protected override body() {
    return html`<h1>${t('batches')}</h1>
      ${
        can('POST', '/payout-batches')
          ? html`<form class="filters card" @submit=${(e: SubmitEvent) => void this.submit(e)}>
              <label class="wide"
                >${t('batchFile')}<input name="file" type="file" accept=".csv,text/csv" required
              /></label>
              <label>${t('reference')}<input name="reference" /></label>
              <button type="submit">${t('batchUpload')}</button>
            </form>`
          : ''
      }
      ${this.validation()} ${this.detail()}
      ${this.batches.length === 0 && !this.loading ? html`<p>${t('none')}</p>` : ''}
      <table class="stack">
        <thead>
          <tr>
            <th>${t('reference')}</th>
            <th>${t('status')}</th>
            <th class="num">${t('rows')}</th>
            <th class="num">${t('amount')}</th>
            <th>${t('created')}</th>
          </tr>
        </thead>
        <tbody>
          ${this.batches.map(
            (b) =>
              html`<tr>
                <td data-label=${t('reference')}>
                  <button type="button" class="quiet" @click=${() => void this.open(b.id)}>
                    ${b.reference ?? b.id}
                  </button>
                </td>
                <td data-label=${t('status')}>${badge(b.status)}</td>
                <td class="num" data-label=${t('rows')}>${b.count}</td>
                <td class="num" data-label=${t('amount')}>${totals(b.totals)}</td>
                <td data-label=${t('created')}>${when(b.created_at)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
  }
}

customElements.define('uc-console-batches', BatchesPage);
