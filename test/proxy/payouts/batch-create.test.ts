// Creating a payout batch (docs/payout-batches.md, "Creating"): a batch with any bad row is
// refused whole with each problem's line (the header is line 1), and nothing is recorded.
import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSecrets, merchant, ref } from '../helpers';
import { createBatch, row, uploadCsv } from './batch-support';

afterAll(() => expectNoSecrets());

const HEADER = 'reference,amount,currency,mobile,method,narration';

/** The batches in the index (nothing recorded means none more). */
async function batchCount(): Promise<number> {
  const row = await env.INDEX.prepare('SELECT COUNT(*) AS n FROM payout_batches').first<{
    n: number;
  }>();
  return row!.n;
}

describe('payout batches: create', () => {
  it('takes a CSV with a BOM, `;` separators and quoted fields: 201 awaiting approval, totals per currency', async () => {
    const [a, b] = [ref('pb'), ref('pb')];
    const csv =
      '\uFEFFreference;amount;currency;mobile;method;narration\r\n' +
      `${a};2500;UGX;256772111000;mtn;"Salary; March"\r\n` +
      `"${b}";"1500";UGX;256772111001;mtn;"She said ""thanks"""\r\n`;
    const { status, json } = await uploadCsv(csv);
    expect(status, JSON.stringify(json)).toBe(201);
    expect(json).toMatchObject({
      status: 'awaiting_approval',
      count: 2,
      totals: [{ currency: 'UGX', amount: 4000 }],
      created_by: { key_id: 'default' },
    });
    expect(json.id).toMatch(/^pb_[a-z2-7]{26}$/);
  });

  it('refuses a CSV whole, each problem with its line: quoted commas, formula, decimal UGX, duplicate, unknown method', async () => {
    const before = await batchCount();
    const dup = ref('pb');
    const csv = [
      HEADER,
      `${ref('pb')},2500,UGX,256772111000,mtn,"Rent, March"`, // line 2: quoted comma, fine
      `${ref('pb')},2500,UGX,256772111000,mtn,=HYPERLINK("x")`, // line 3: a formula
      `${ref('pb')},2500.50,UGX,256772111000,mtn,`, // line 4: decimal UGX
      `${dup},2500,UGX,256772111000,mtn,`, // line 5
      `${dup},2500,UGX,256772111000,mtn,`, // line 6: duplicate reference
      `${ref('pb')},2500,UGX,256772111000,bitcoin,`, // line 7: unknown method
    ].join('\n');
    const { status, json } = await uploadCsv(csv);
    expect(status).toBe(422);
    expect(json.error?.code).toBe('BATCH_INVALID');
    const rows = json.error!.details!.rows as { line: number; field: string; code: string }[];
    expect(rows.map(({ line, field, code }) => ({ line, field, code }))).toEqual([
      { line: 3, field: 'narration', code: 'formula' },
      { line: 4, field: 'amount', code: 'invalid' },
      { line: 6, field: 'reference', code: 'duplicate_reference' },
      { line: 7, field: 'method', code: 'unknown_method' },
    ]);
    expect(await batchCount()).toBe(before);
  });

  it('refuses a JSON batch with line = index + 1, and a reference a payout already used', async () => {
    const used = row('000');
    const single = await merchant('/v1/payouts', {
      method: 'POST',
      body: JSON.stringify({
        reference: used.reference,
        amount: 2500,
        currency: 'UGX',
        mobile: '256772111000',
        payment_method_type: 'mtn',
      }),
    });
    expect(single.status).toBe(201);
    // The index knows it once its object wrote its row.
    await expect
      .poll(
        async () =>
          (await env.INDEX.prepare('SELECT id FROM payouts WHERE id = ?')
            .bind(used.reference)
            .first()) !== null,
      )
      .toBe(true);
    const { status, json } = await createBatch([
      row('000'),
      used,
      row('000', { currency: 'KES' }),
      row('000', { mobile: '+256772111000' }),
    ]);
    expect(status).toBe(422);
    const rows = json.error!.details!.rows as { line: number; field: string; code: string }[];
    expect(rows.map(({ line, field, code }) => ({ line, field, code }))).toEqual([
      { line: 2, field: 'reference', code: 'reference_used' },
      { line: 3, field: 'mobile', code: 'invalid' },
      { line: 4, field: 'mobile', code: 'invalid' },
    ]);
  });

  it('answers the same batch for a repeated Idempotency-Key', async () => {
    const rows = [row('000'), row('001')];
    const key = { 'idempotency-key': ref('key') };
    const first = await createBatch(rows, {}, key);
    expect(first.status).toBe(201);
    const again = await createBatch(rows, {}, key);
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
  });
});
