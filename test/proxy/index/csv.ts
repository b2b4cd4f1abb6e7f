// A strict RFC 4180 parser for the tests: CRLF record separators, fields quoted with doubled
// quotes inside, nothing after a closing quote but a comma or the record's end, every record
// as long as the header, and a final CRLF. Anything else throws.

/** Parses `text` into records of fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  if (!text.endsWith('\r\n')) throw new Error('the last record must end with CRLF');
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
      if (text[i] !== ',' && !(text[i] === '\r' && text[i + 1] === '\n')) {
        throw new Error(`unexpected ${JSON.stringify(text[i])} after a quoted field at ${i}`);
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n')
          throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
        field += text[i];
        i += 1;
      }
      if (text[i] === '\r' && text[i + 1] !== '\n') throw new Error(`bare CR at ${i}`);
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
    } else {
      i += 2;
      records.push(record);
      record = [];
    }
  }
  const width = records[0]?.length ?? 0;
  records.forEach((r, n) => {
    if (r.length !== width) throw new Error(`record ${n} has ${r.length} fields, not ${width}`);
  });
  return records;
}

/** Records as objects keyed by the header. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}
