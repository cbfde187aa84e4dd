import { groupedWeek, parseHoursMap, weekTexts } from '@cafe/contracts/opening-hours';
import type { PublicBusinessInfo } from '@cafe/contracts';

/** One row of the public hours box: consecutive weekdays with the same hours share it. */
export interface HoursRow {
  days: string;
  text: string;
}

/**
 * The public site reads hoursJson with defaults for anything missing or unreadable (a map holding only
 * monday means Monday to Friday), and groups equal consecutive days: a closed Monday or a changed
 * Wednesday gets its own row.
 */
export function readHours(info: Partial<PublicBusinessInfo> | undefined): HoursRow[] {
  return groupedWeek(dayHoursTexts(info));
}

/** Each weekday's hours text, as the hours box and the structured data show it. */
export const dayHoursTexts = (info: Partial<PublicBusinessInfo> | undefined) => weekTexts(parseHoursMap(info?.hoursJson));
