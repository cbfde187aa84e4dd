import { Callout, Spinner } from '@blueprintjs/core';
import type { CalendarEntry } from '@cafe/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorDescription } from '../../../../lib/api-client';
import type { ReservationFilters } from '../../api/get-bookings-view';

export interface PanelProps {
  filters: ReservationFilters;
  narrow: boolean;
  onOpen: (entry: CalendarEntry) => void;
  onDelete: (entry: CalendarEntry) => void;
}

export function Loading({
  query,
  children,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error'>;
  children: () => ReactNode;
}) {
  if (query.isPending) return <Spinner className="view-spinner" aria-label="Loading bookings" />;
  if (query.isError) {
    return (
      <Callout intent="danger" role="alert" title="Could not load the bookings">
        {errorDescription(query.error, 'Please try again')}
      </Callout>
    );
  }
  return <>{children()}</>;
}
