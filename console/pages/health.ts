/**
 * Health: the doctor's checks (`GET /diagnostics`), the failing tasks, and the rotation dates
 * (when each previous secret stops being accepted, when each API key expires; names only).
 * @module
 */
import { html } from 'lit';
import { ApiError, api } from '../api';
import { t, when } from '../i18n';
import { badge, ConsolePage } from '../page';

interface Report {
  ok: boolean;
  checks: { id: string; title: string; status: string; found: string; fix?: string }[];
  failing_tasks:
    { object: string; task: { kind: string }; failures: number; error: string }[] | null;
  /** Absent while the configuration does not validate. */
  rotation?: {
    secrets: { name: string; previous_until: string | null }[];
    keys: { id: string; scope: string; expires_at: string | null }[];
  };
}

class HealthPage extends ConsolePage {
  static override properties = { ...ConsolePage.properties, report: { state: true } };
  declare report: Report | null;

  constructor() {
    super();
    this.report = null;
  }

  protected override async load(): Promise<void> {
    try {
      this.report = await api<Report>('/diagnostics');
    } catch (error) {
      // 503 still carries the report: read it from the error's answer.
      if (!(error instanceof ApiError) || error.status !== 503) throw error;
      const response = await fetch('/console/api/v1/diagnostics', { credentials: 'same-origin' });
      this.report = (await response.json()) as Report;
    }
  }

  protected override body() {
    const r = this.report;
    if (!r) return html``;
    return html`<h1>${t('health')}</h1>
      <h2>${t('checks')}</h2>
      <ul class="card">
        ${r.checks.map((c) => html`<li>${badge(c.status)} <strong>${c.title}</strong><br /><span class="muted">${c.found}</span>${c.fix ? html`<br />${c.fix}` : ''}</li>`)}
      </ul>
      <h2>${t('failingTasks')}</h2>
      ${!r.failing_tasks?.length ? html`<p class="muted">${t('none')}</p>` : ''}
      <ul>
        ${(r.failing_tasks ?? []).map((f) => html`<li>${f.object} · ${f.task.kind} · ${f.failures}× · ${f.error}</li>`)}
      </ul>
      ${r.rotation ? this.rotation(r.rotation) : ''}`;
  }

  private rotation(dates: NonNullable<Report['rotation']>) {
    return html`<h2>${t('rotation')}</h2>
      <ul class="card">
        ${dates.secrets.map((s) => html`<li><code>${s.name}</code> · ${s.previous_until ? html`${t('previousUntil')} ${when(s.previous_until)}` : t('noPrevious')}</li>`)}
        ${dates.keys.map((k) => html`<li>${t('apiKey')} <code>${k.id}</code> (${k.scope}) · ${k.expires_at ? html`${t('expires')}: ${when(k.expires_at)}` : t('noExpiry')}</li>`)}
      </ul>`;
  }
}

customElements.define('uc-console-health', HealthPage);
