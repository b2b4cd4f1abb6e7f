// Model test of payment-link payments (docs/design.md, "Money rules", rule 14),
// run beside the session model in each money-model-N.test.ts. fast-check drives random
// schedules against the real proxy and the real sandbox: a KES link created through
// POST /v1/payment-links, paid on the sandbox's hosted page (Kenya: the payer picks one of the
// four payment types) by payers the sandbox leaves pending (…005) or settles silently (…003);
// signed callbacks to the link's own callback URL (success, failure, short amount, another
// currency, no amount, not final, 000006, a retry that renames the payer, one without any
// reference, one naming only the depositId, an exact retry); status queries (with "not created"
// answers from a lagging replica) and the 24 h horizon; one or distinct upstream references.
// After each schedule the link's queued webhooks must equal what a small model expects: at most
// one `payment_link.paid` per upstream transaction and only for exactly the link's amount and
// currency, one `payment_link.anomaly` per contradiction, per unmatched report, per payment the
// horizon left unknown. The model's world and commands: link-world.ts, link-commands.ts.
import { runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectNoSecrets, sandbox, seenBodies, seenLogs } from '../helpers';
import { recordFigures } from '../hostile';
import { createOurLink } from '../links/support';
import { RUNS, AMOUNT, LinkWorld, shard, Pay } from './link-world';
import { commandArbs } from './link-commands';

const figures = {
  runs: 0,
  commands: 0,
  payments: 0,
  paid: 0,
  anomalies: 0,
  missing_reference: 0,
};

/** A payment-link webhook the link's shard queued. */
interface Queued {
  id: string;
  type: string;
  data: { link_id: string | null; amount: unknown; currency: unknown; kind?: string };
}

async function queued(w: LinkWorld): Promise<Queued[]> {
  const rows = await runInDurableObject(shard(w), async (_i, state) =>
    state.storage.sql
      .exec<{ id: string; type: string; payload: string }>('SELECT id, type, payload FROM outbox')
      .toArray(),
  );
  return rows
    .map((row) => ({ id: row.id, type: row.type, data: (JSON.parse(row.payload) as Queued).data }))
    .filter((e) => e.data.link_id === w.linkId);
}

/**
 * Declares one part of the link model: `share` of the model's runs, in the same file (and
 * isolate) as that part of the session model.
 *
 * @example
 * defineLinkModel(1, 4); // in money-model-1.test.ts
 */
export function defineLinkModel(part: number, parts: number, share: number): void {
  describe('payment-link model', () => {
    const property = fc.asyncProperty(
      fc.boolean(),
      fc.commands(commandArbs, { maxCommands: 12, size: '+1' }),
      async (distinct, cmds) => {
        const w = new LinkWorld();
        const settings = await sandbox('/control/settings', {
          method: distinct ? 'PUT' : 'DELETE',
          ...(distinct ? { body: JSON.stringify({ distinct_references: true }) } : {}),
        });
        expect(settings.status).toBe(200);
        const { linkId, body } = await createOurLink(AMOUNT);
        w.linkId = body.id as string;
        w.upstreamLinkId = linkId;
        // Every schedule starts with one payment on the page.
        await new Pay('005', 0).run(w, w);
        const list = [...cmds];
        w.log = [distinct ? 'distinct' : 'one reference', ...list.map(String)];
        await fc.asyncModelRun(() => ({ model: w, real: w }), list);
        const context = w.log.join(', ');

        const events = await queued(w);
        const paid = events.filter((e) => e.type === 'payment_link.paid');
        // Only the link's own amount and currency are paid.
        for (const e of paid) {
          expect([e.data.amount, e.data.currency], context).toEqual([AMOUNT, 'KES']);
        }
        expect(paid.map((e) => e.id).sort(), context).toEqual(
          [...w.paid.keys()].map((key) => `evt_pl_${key}_paid`).sort(),
        );
        // At most one paid per upstream transaction, whichever reference named it.
        for (const payment of w.payments) {
          const refs = [payment.tx.ref, payment.tx.transaction_ref].filter((r) => r !== null);
          const times = paid.filter((e) => refs.some((r) => e.id === `evt_pl_${r}_paid`)).length;
          expect(times, `${payment.tx.ref}: ${context}`).toBeLessThanOrEqual(1);
        }
        const anomalies = events.filter((e) => e.type === 'payment_link.anomaly');
        const missing = anomalies.filter((e) => e.data.kind === 'missing_reference');
        expect(missing.length, context).toBe(w.missingReference);
        expect(
          anomalies
            .filter((e) => e.data.kind !== 'missing_reference')
            .map((e) => e.id)
            .sort(),
          context,
        ).toEqual([...w.anomalies].map((k) => `evt_pl_${k.replace(':', '_anomaly_')}`).sort());

        // Sweep what this run saw for secrets, then let it go (the kept bodies would grow the
        // isolate's heap, and slow every later run).
        expectNoSecrets();
        seenBodies.length = 0;
        seenLogs.length = 0;
        figures.runs += 1;
        figures.commands += list.length;
        figures.payments += w.payments.length;
        figures.paid += paid.length;
        figures.anomalies += anomalies.length;
        figures.missing_reference += missing.length;
      },
    );
    it(
      `random schedules, part ${part} of ${parts}: payment-link payments are paid once, for the link's amount, and every contradiction is named`,
      async () => {
        await fc.assert(property, {
          numRuns: Math.ceil((RUNS * share) / parts),
          endOnFailure: true,
        });
        await sandbox('/control/settings', { method: 'DELETE' });
        await recordFigures(`link-model-${part}`, figures);
      },
      60_000 + RUNS * 1_000,
    );
  });
}
