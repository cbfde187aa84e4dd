import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './reports-csv.js';

describe('CSV cells', () => {
  it('neutralise text a spreadsheet would run as a formula, and keep numbers (negative ones too) as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1 262 555')).toBe("'+1 262 555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
  });

  it('quote commas, quotes and line breaks; rows end in CRLF', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"\nbye']])).toBe('a,b\r\n"x,y","say ""hi""\nbye"\r\n');
  });
});
