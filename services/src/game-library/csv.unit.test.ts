import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.js';

describe('parseCsv (RFC 4180)', () => {
  it('splits records on CRLF or LF and fields on commas; a last empty line is no record', () => {
    expect(parseCsv('a,b\r\n1,2\n3,\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', ''],
    ]);
  });
  it('reads quoted fields with commas, line breaks and doubled quotes', () => {
    expect(parseCsv('"Ticket to Ride: Europe","He said ""go""","line\r\nbreak",""\r\n')).toEqual([
      ['Ticket to Ride: Europe', 'He said "go"', 'line\r\nbreak', ''],
    ]);
  });
  it('drops a byte-order mark and keeps a record without a final line break', () => {
    expect(parseCsv('\uFEFFobjectname,own\nCatan,1')).toEqual([
      ['objectname', 'own'],
      ['Catan', '1'],
    ]);
  });
  it('keeps a last field that is quoted and empty', () => {
    expect(parseCsv('a,""')).toEqual([['a', '']]);
  });
  it('refuses a quote left open and text after a closing quote', () => {
    expect(() => parseCsv('"open,1')).toThrow(CsvError);
    expect(() => parseCsv('"a"b,1')).toThrow(CsvError);
  });
});
