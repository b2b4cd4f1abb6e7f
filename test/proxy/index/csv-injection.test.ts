// The settlement report's CSV carries upstream text (a payment link's
// third_party_reference_1 becomes the row's reference). A cell a spreadsheet would run as a
// formula (= + - @, tab, CR first, or = + - @ right after a separator) comes out inert:
// prefixed with ' (numbers stay numbers); a cell holding a separator of any locale (, ; tab CR
// LF) is quoted, so a `;`-separated import cannot split it into a formula cell.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../../worker/query/csv';
import { expectNoSecrets, merchant, ref } from '../helpers';
import { callback } from '../money';
import { csvObjects, parseCsv } from './csv';
import { waitForRow, linkSuccess } from './support';

afterAll(() => expectNoSecrets());

/** The settlement report's CSV text and its row for a link payment whose upstream reference
 * text (third_party_reference_1) is `text`. */
async function reportedLinkPayment(text: string) {
  const from = new Date(Date.now() - 1000).toISOString();
  const upstream = ref('SBX-CSV');
  const link = linkSuccess(upstream, 300, text);
  expect((await callback('/hooks/payment-links', link)).status).toBe(200);
  await waitForRow('link_payments', upstream, { status: 'succeeded' });
  const to = new Date(Date.now() + 1000).toISOString();
  const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return vi.waitFor(
    async () => {
      const res = await merchant(`/v1/reports/settlement?${period}&format=csv`);
      expect(res.status).toBe(200);
      const csv = await res.text();
      const row = csvObjects(csv).find((r) => r.id === upstream);
      expect(row).toBeDefined();
      return { csv, row: row! };
    },
    { timeout: 5000, interval: 100 },
  );
}

describe('CSV formula injection', () => {
  it('a cell =1+1 from the upstream comes out inert in the settlement report', async () => {
    const { row } = await reportedLinkPayment('=1+1');
    expect(row.reference).toBe("'=1+1");
    expect(row.amount).toBe('300');
  });

  it('a formula after a `;` from the upstream comes out quoted and inert in the report', async () => {
    const text = 'x;=HYPERLINK("http://evil.example","open")';
    const { csv, row } = await reportedLinkPayment(text);
    expect(row.reference).toBe(`'${text}`);
    // Quoted whole, so a spreadsheet splitting on `;` keeps it one cell.
    expect(csv).toContain(`,"'x;=HYPERLINK(""http://evil.example"",""open"")",`);
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

  it('a formula after any separator is prefixed, and a cell with a separator is quoted', () => {
    const cells: [string, string][] = [
      ['x;=1+1', `"'x;=1+1"`],
      ['x,+1', `"'x,+1"`],
      ['x\t-1', `"'x\t-1"`],
      ['x\r@SUM(A1)', `"'x\r@SUM(A1)"`],
      ['x\n=1', `"'x\n=1"`],
      ['x; =1', `"'x; =1"`],
      ['a;b', '"a;b"'],
      ['a\tb', '"a\tb"'],
      ['a,b', '"a,b"'],
      ['a\nb', '"a\nb"'],
      ['a-b;c', '"a-b;c"'],
      ['1-2', '1-2'],
    ];
    const text = toCsv(
      ['text'],
      cells.map(([text]) => ({ text })),
    );
    expect(text).toBe(['text', ...cells.map(([, out]) => out)].join('\r\n') + '\r\n');
    // And they read back as the prefixed text.
    expect(
      parseCsv(text)
        .slice(1)
        .map(([cell]) => cell),
    ).toEqual(cells.map(([, out]) => (out.startsWith('"') ? out.slice(1, -1) : out)));
  });
});
