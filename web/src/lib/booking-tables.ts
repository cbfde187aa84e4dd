import { formatTime12 } from '@cafe/contracts';

/**
 * The tables a booking answer carries once the café seats by table (`tables`, `stayUntil`: additive,
 * absent without a floor), read from any booking shape.
 */
export interface Seated {
  tables?: string[];
  stayUntil?: string;
}

export const tablesOf = (booking: object): string[] => {
  const tables = (booking as Seated).tables;
  return Array.isArray(tables) ? tables : [];
};

export const stayUntilOf = (booking: object): string | null => {
  const until = (booking as Seated).stayUntil;
  return typeof until === 'string' && until ? until : null;
};

/** "Table 7", "Tables 6 + 7", or null when the booking has none. */
export function tableText(booking: object): string | null {
  const tables = tablesOf(booking);
  if (!tables.length) return null;
  return `${tables.length > 1 ? 'Tables' : 'Table'} ${tables.join(' + ')}`;
}

/** "Table 7 until 9:30 PM" for staff. */
export function tableUntilStaffText(booking: object): string | null {
  const text = tableText(booking);
  const until = stayUntilOf(booking);
  return text && until ? `${text} until ${formatTime12(until)}` : text;
}
