import type { Cell } from '@cafe/contracts';

/**
 * RFC 4180 CSV. A text cell a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe (OWASP's CSV injection advice); numbers stay numbers.
 */
export function csvCell(value: Cell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record with its line end. */
export const csvLine = (row: readonly (Cell | undefined)[]): string => `${row.map(csvCell).join(',')}\r\n`;

export function toCsv(header: readonly string[], rows: readonly (readonly (Cell | undefined)[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
