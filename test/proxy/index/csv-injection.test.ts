// Issue #24, part 8: the settlement report's CSV carries upstream text (a payment link's
// third_party_reference_1 becomes the row's reference). A cell a spreadsheet would run as a
// formula (= + - @, tab, CR first) comes out inert: prefixed with ' (numbers stay numbers).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../../worker/query/csv';
import { expectNoSecrets, merchant, ref } from '../helpers';
import { callback } from '../money/support';
import { csvObjects, parseCsv } from './csv';
import { waitForRow } from './support';

afterAll(() => expectNoSecrets());

describe('CSV formula injection', () => {
  it('a cell =1+1 from the upstream comes out inert in the settlement report', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const upstream = ref('SBX-CSV');
    const link = {
      amount: 300,
      currency: 'KES',
      depositId: upstream,
      mobile: '254712345000',
      payment_step: 2,
      reference: upstream,
      status: 'success',
      statusCode: '000000',
      third_party_reference_1: '=1+1',
    };
    expect((await callback('/hooks/payment-links', link)).status).toBe(200);
    await waitForRow('link_payments', upstream, { status: 'succeeded' });
    const to = new Date(Date.now() + 1000).toISOString();
    const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const row = await vi.waitFor(
      async () => {
        const res = await merchant(`/v1/reports/settlement?${period}&format=csv`);
        expect(res.status).toBe(200);
        const found = csvObjects(await res.text()).find((r) => r.id === upstream);
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(row.reference).toBe("'=1+1");
    expect(row.amount).toBe('300');
  });

  it('every formula start is prefixed; numbers, negative ones included, are not', () => {
    const cells = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain', '1-2'];
    const text = toCsv(
      ['text', 'number'],
      cells.map((text) => ({ text, number: -5 })),
    );
    const records = parseCsv(text).slice(1);
    expect(records.map(([text]) => text)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'plain',
      '1-2',
    ]);
    expect(records.map(([, number]) => number)).toEqual(cells.map(() => '-5'));
  });
});
