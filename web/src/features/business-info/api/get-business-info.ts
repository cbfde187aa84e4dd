import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_EMAIL, DEFAULT_PHONE } from '@cafe/contracts/business';
import { groupedWeek, parseHoursMap, weekTexts } from '@cafe/contracts/opening-hours';
import type { BusinessInfo, PublicBusinessInfo } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** Both readings: the public site uses hoursJson, phone and email; the dashboard's form the rest. */
export const getBusinessInfo = () => getJson<BusinessInfo>('/api/business-info');

export const businessInfoQueryOptions = () => queryOptions({ queryKey: ['/api/business-info'], queryFn: getBusinessInfo });

export const useBusinessInfo = () => useQuery(businessInfoQueryOptions());

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

export function contactOf(info: Partial<PublicBusinessInfo> | undefined) {
  return { phone: info?.phone || DEFAULT_PHONE, email: info?.email || DEFAULT_EMAIL };
}
