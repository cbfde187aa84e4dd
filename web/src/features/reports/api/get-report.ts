import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Report, ReportChart } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** A report's dates, inclusive, yyyy-MM-dd (café dates). */
export interface ReportRange {
  from: string;
  to: string;
}

const query = ({ from, to }: ReportRange) => new URLSearchParams({ from, to }).toString();

export const reportPath = (range: ReportRange) => `/api/admin/reports?${query(range)}`;
/** One chart's data as a CSV download (staff only; the server names the file). */
export const reportCsvPath = (chart: ReportChart, range: ReportRange) => `/api/admin/reports/${chart}.csv?${query(range)}`;
/** Every booking dated in the range as CSV. */
export const bookingsCsvPath = (range: ReportRange) => `/api/admin/reports/bookings.csv?${query(range)}`;

export const reportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: ['admin', 'reports', range.from, range.to],
    queryFn: () => getJson<Report>(reportPath(range)),
    // A new range keeps the last charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
  });

export const useReport = (range: ReportRange | null) =>
  useQuery({ ...reportQueryOptions(range ?? { from: '', to: '' }), enabled: range !== null });
