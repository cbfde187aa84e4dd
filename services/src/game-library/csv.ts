/**
 * A small RFC 4180 reader: fields separated by commas, records by CRLF or LF, a field in double quotes may
 * hold commas, line breaks and doubled quotes (""). A byte-order mark before the header is dropped; a
 * final empty line is not a record. Throws on a quote left open or text after a closing quote.
 */
export class CsvError extends Error {}

export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  /** A quoted empty field ("") is still a field at the end of the input. */
  let quoted = false;
  let i = 0;
  const n = input.length;
  const endField = () => {
    record.push(field);
    field = '';
    quoted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < n) {
    const ch = input[i]!;
    if (ch === '"' && field === '' && !quoted) {
      // A quoted field: read to its closing quote.
      i++;
      for (;;) {
        if (i >= n) throw new CsvError('a quoted field is not closed');
        const q = input[i]!;
        if (q === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += q;
        i++;
      }
      const next = input[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new CsvError('text after a closing quote');
      quoted = true;
      continue;
    }
    if (ch === ',') {
      endField();
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || quoted || record.length > 0) endRecord();
  return records;
}
