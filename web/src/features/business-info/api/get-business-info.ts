import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_EMAIL, DEFAULT_HOURS, DEFAULT_PHONE } from '@cafe/contracts/business';
import type { BusinessInfo, PublicBusinessInfo } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** Both readings: the public site uses hoursJson, phone and email; the dashboard's form the rest. */
export const getBusinessInfo = () => getJson<BusinessInfo>('/api/business-info');

export const businessInfoQueryOptions = () => queryOptions({ queryKey: ['/api/business-info'], queryFn: getBusinessInfo });

export const useBusinessInfo = () => useQuery(businessInfoQueryOptions());

export interface Hours {
  weekdays: string;
  saturday: string;
  sunday: string;
}

/** The public site reads hoursJson (monday, saturday, sunday) with defaults for anything missing or unreadable. */
export function readHours(info: Partial<PublicBusinessInfo> | undefined): Hours {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(info?.hoursJson || '{}');
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    // unreadable hours: show the defaults
  }
  const text = (key: string, fallback: string) => (typeof parsed[key] === 'string' && parsed[key] ? parsed[key] : fallback);
  return {
    weekdays: text('monday', DEFAULT_HOURS.monday),
    saturday: text('saturday', DEFAULT_HOURS.saturday),
    sunday: text('sunday', DEFAULT_HOURS.sunday),
  };
}

export function contactOf(info: Partial<PublicBusinessInfo> | undefined) {
  return { phone: info?.phone || DEFAULT_PHONE, email: info?.email || DEFAULT_EMAIL };
}
