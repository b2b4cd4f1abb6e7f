/**
 * The IntegrationHealth Durable Object: one object (`integration-health`) that keeps what
 * `GET /health`, `GET /v1/diagnostics` and the doctor report of the integration itself: when
 * the upstream last refused our credentials (worker/session/upstream-faults.ts), the run of
 * refused callback signatures (worker/callback-alert.ts) and the tasks that keep throwing in
 * some object (worker/durable/failing-tasks.ts). Key-value storage only.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import { FAILING_TASKS_KEPT, type FailingTask } from '../durable/failing-tasks';
import type { ProxyEnv } from '../env';
import { DEGRADED_FOR_MS } from '../session/upstream-faults';
import { countRefusal, NO_REFUSALS, type RunKind, type SignatureRunState } from './signature-run';

/** Storage keys of the failing tasks recorded. */
const FAILING_PREFIX = 'failing_task:';

/** The integration's health marks. */
export class IntegrationHealth extends DurableObject<ProxyEnv> {
  /** The upstream refused our credentials at `at`. */
  async noteUpstreamAuthRefusal(at: number): Promise<void> {
    const last = (await this.ctx.storage.get<number>('upstream_auth_refused_at')) ?? 0;
    if (at > last) await this.ctx.storage.put('upstream_auth_refused_at', at);
  }

  /** When the upstream last refused our credentials (ms since the epoch), or null. */
  async lastUpstreamAuthRefusal(): Promise<number | null> {
    return (await this.ctx.storage.get<number>('upstream_auth_refused_at')) ?? null;
  }

  /** A task of some object keeps throwing (the oldest beyond {@link FAILING_TASKS_KEPT} go). */
  async noteFailingTask(record: FailingTask): Promise<void> {
    const key = `${FAILING_PREFIX}${record.object}:${record.object_id}:${record.task.key}`;
    await this.ctx.storage.put(key, record);
    const all = await this.ctx.storage.list<FailingTask>({ prefix: FAILING_PREFIX });
    if (all.size > FAILING_TASKS_KEPT) {
      const oldest = [...all.entries()]
        .sort(([, a], [, b]) => a.last_failed_at.localeCompare(b.last_failed_at))
        .slice(0, all.size - FAILING_TASKS_KEPT)
        .map(([name]) => name);
      await this.ctx.storage.delete(oldest);
    }
  }

  /** A failing task ran again. */
  async clearFailingTask(object: string, objectId: string, taskKey: string): Promise<void> {
    await this.ctx.storage.delete(`${FAILING_PREFIX}${object}:${objectId}:${taskKey}`);
  }

  /** The failing tasks recorded, most recent failure first. */
  async failingTasks(): Promise<FailingTask[]> {
    const all = await this.ctx.storage.list<FailingTask>({ prefix: FAILING_PREFIX });
    return [...all.values()].sort((a, b) => b.last_failed_at.localeCompare(a.last_failed_at));
  }

  /**
   * A callback signature was refused at `at` from `address` (its rate-limit bucket),
   * `plausible` when it carried something shaped like a signature. Counts it unless that
   * address counted one within the last minute (worker/integration-health/signature-run.ts);
   * answers `warn` with the run's kind when this refusal completes a run (`failures` within
   * `windowMs`) not already reported.
   */
  async noteSignatureFailure(
    refusal: { at: number; address: string; plausible: boolean },
    failures: number,
    windowMs: number,
  ): Promise<{ warn: RunKind | null }> {
    const stored = await this.ctx.storage.get<SignatureRunState>('signature_run_state');
    const { state, run } = countRefusal(stored ?? NO_REFUSALS, refusal, failures, windowMs);
    await this.ctx.storage.put('signature_run_state', state);
    if (run === null) return { warn: null };
    const last = (await this.lastSignatureRun())?.at ?? null;
    const lastKind = await this.ctx.storage.get<RunKind>('signature_run_kind');
    await this.ctx.storage.put({
      signature_run_at: Math.max(refusal.at, last ?? 0),
      signature_run_kind: run,
    });
    // One warning per run: a run that goes on within the degraded period logs nothing more,
    // unless what it is made of changed (probes, then plausible signatures).
    const fresh = last === null || refusal.at - last >= DEGRADED_FOR_MS || lastKind !== run;
    return { warn: fresh ? run : null };
  }

  /** When a run of refused callback signatures was last seen (ms since the epoch) and what it
   * was made of, or null. */
  async lastSignatureRun(): Promise<{ at: number; kind: RunKind } | null> {
    const at = await this.ctx.storage.get<number>('signature_run_at');
    if (at === undefined) return null;
    const kind = (await this.ctx.storage.get<RunKind>('signature_run_kind')) ?? 'signatures';
    return { at, kind };
  }
}
