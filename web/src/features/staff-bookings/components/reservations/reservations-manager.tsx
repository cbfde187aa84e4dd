import { Button, ButtonGroup, Callout, HTMLSelect, Spinner } from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons/lib/esm/generated/components/filter';
import { BOOKING_VIEWS, formatLongDate, isIsoDate, type BookingView, type CalendarEntry } from '@cafe/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminParams, parseBookingParam } from '../../../../lib/admin-address';
import { errorDescription } from '../../../../lib/api-client';
import { useCafeClock } from '../../../../lib/cafe-clock';
import { toast } from '../../../../lib/toaster';
import { useNarrow } from '../../../../lib/use-media';
import { useDialog } from '../../hooks/use-dialog';
import { ConfirmCancel } from '../dialogs/confirm-cancel';
import { PartyEditDialog } from '../dialogs/party-edit-dialog';
import { activeFilterCount, bookingsViewQueryOptions, NO_FILTERS, type ReservationFilters } from '../../api/get-bookings-view';
import { useCancelBooking } from '../../api/cancel-booking';
import { weekStart } from './calendar-dates';
import { FilterDialog } from '../dialogs/filter-dialog';
import { ReservationDialog } from '../dialogs/reservation-dialog';
import { ListPanel } from './list-panel';
import { MonthPanel } from './month-panel';
import { TodayPanel } from './today-panel';
import { WeekPanel } from './week-panel';
import './reservations-manager.css';

const VIEWS: { id: BookingView; label: string }[] = [
  { id: 'today', label: "Today's Reservations" },
  { id: 'list', label: 'List View' },
  { id: 'week', label: 'Week View' },
  { id: 'month', label: 'Month View' },
];

const dateParam = (value: string | null) => (value && isIsoDate(value) ? value : null);

/**
 * The view, the Week View's first day and the Month View's month live in the address (?view=week&week=…),
 * so a reload and back/forward return to them; each move is a history entry.
 */
function useViewAddress() {
  const [params, setParams] = useSearchParams();
  const asked = params.get(adminParams.view);
  const view: BookingView = BOOKING_VIEWS.find((v) => v === asked) ?? 'today';
  const weekStartParam = dateParam(params.get(adminParams.week));
  const update = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  return {
    view,
    weekFrom: weekStartParam ? { start: weekStartParam, rolling: params.get(adminParams.rolling) === '1' } : null,
    monthAnchor: dateParam(params.get(adminParams.month)),
    booking: parseBookingParam(params.get(adminParams.booking)),
    update,
  };
}

/** The Reservations section: Today, List, Week and Month views, filters, and the booking dialogs. */
export default function ReservationsManager() {
  const clock = useCafeClock();
  const narrow = useNarrow();
  const address = useViewAddress();
  const { view, weekFrom, monthAnchor } = address;
  const [scrollWeek, setScrollWeek] = useState(false);
  const [filters, setFilters] = useState<ReservationFilters>(NO_FILTERS);
  const filterDialog = useDialog<true>();
  const editDialog = useDialog<CalendarEntry | 'new'>();
  const partyDialog = useDialog<CalendarEntry>();
  const [deleting, setDeleting] = useState<CalendarEntry | null>(null);
  // A booking asked for by the address (the header's search): found in its week, opened, then dropped from the address.
  const target = address.booking;
  const targetWeek = useQuery({
    ...bookingsViewQueryOptions({ view: 'week', date: weekFrom?.start ?? '', filters: NO_FILTERS }),
    enabled: Boolean(target && weekFrom),
  });
  useEffect(() => {
    if (!target || !targetWeek.data || targetWeek.isPlaceholderData) return;
    const entry = targetWeek.data.entries.find((e) => e.kind === target.kind && e.id === target.id);
    address.update({ [adminParams.booking]: null }, true);
    if (!entry) toast({ title: 'That booking is no longer on the calendar', description: 'It was cancelled or rejected.' });
    else if (entry.kind === 'party') partyDialog.open(entry);
    else editDialog.open(entry);
    // Runs once per booking asked for, when its week has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target?.kind, target?.id, targetWeek.data, targetWeek.isPlaceholderData]);
  const remove = useCancelBooking('reservation', {
    onSuccess: () => {
      setDeleting(null);
      toast({ title: 'Reservation deleted', intent: 'success' });
    },
    onError: (error) => {
      setDeleting(null);
      toast({ title: 'Failed to delete reservation', description: errorDescription(error, 'Please try again'), intent: 'danger' });
    },
  });

  if (clock.isPending) return <Spinner aria-label="Loading reservations" />;
  if (clock.isError) {
    return (
      <Callout intent="danger" role="alert" title="Could not load the reservations">
        {errorDescription(clock.error, 'Please try again')}
      </Callout>
    );
  }
  const today = clock.data.today;
  // A view chosen from the switcher opens on today's week or month: an earlier one stays in the address
  // only for a reload and back/forward.
  const choose = (next: BookingView) => {
    setScrollWeek(next === 'week');
    address.update({ [adminParams.view]: next, [adminParams.week]: null, [adminParams.rolling]: null, [adminParams.month]: null });
  };
  const open = (entry: CalendarEntry) => (entry.kind === 'party' ? partyDialog.open(entry) : editDialog.open(entry));
  const panelProps = { filters, narrow, onOpen: open, onDelete: setDeleting };
  const filterCount = activeFilterCount(filters);
  const week = weekFrom ?? { start: weekStart(today), rolling: false };

  return (
    <section className="reservations-manager" aria-labelledby="reservations-heading">
      <h2 id="reservations-heading">Reservations</h2>
      <div className="res-toolbar">
        {narrow ? (
          <HTMLSelect aria-label="Reservations view" value={view} onChange={(e) => choose(e.target.value as BookingView)} fill>
            {VIEWS.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </HTMLSelect>
        ) : (
          <ButtonGroup className="res-views" aria-label="Reservations view">
            {VIEWS.map((v) => (
              <Button key={v.id} intent={view === v.id ? 'primary' : 'none'} aria-pressed={view === v.id} onClick={() => choose(v.id)}>
                {v.label}
              </Button>
            ))}
          </ButtonGroup>
        )}
        <div className="res-actions">
          <Button
            icon={<FilterIcon />}
            onClick={() => filterDialog.open(true)}
            intent={filterCount ? 'primary' : 'none'}
            variant={filterCount ? 'outlined' : 'solid'}
          >
            {filterCount ? `Filters (${filterCount})` : 'Filters'}
          </Button>
          <Button intent="primary" onClick={() => editDialog.open('new')} title="Add New Reservation">
            + Add
          </Button>
        </div>
      </div>

      <div className="res-view" data-view={view}>
        {view === 'today' ? <TodayPanel {...panelProps} today={today} /> : null}
        {view === 'list' ? <ListPanel {...panelProps} /> : null}
        {view === 'week' ? (
          <WeekPanel
            {...panelProps}
            today={today}
            start={week.start}
            rolling={week.rolling}
            scrollOnShow={scrollWeek}
            onStart={(start, rolling) => {
              setScrollWeek(false);
              address.update({ [adminParams.week]: start, [adminParams.rolling]: rolling ? '1' : null });
            }}
          />
        ) : null}
        {view === 'month' ? (
          <MonthPanel
            {...panelProps}
            today={today}
            anchor={monthAnchor ?? today}
            onAnchor={(a) => address.update({ [adminParams.month]: a })}
          />
        ) : null}
      </div>

      {filterDialog.value ? (
        <FilterDialog
          filters={filters}
          onClose={filterDialog.close}
          onApply={(next) => {
            setFilters(next);
            filterDialog.close();
          }}
        />
      ) : null}
      {editDialog.value ? (
        <ReservationDialog
          key={editDialog.value === 'new' ? 'new' : editDialog.value.id}
          booking={editDialog.value === 'new' ? null : editDialog.value}
          today={today}
          onClose={editDialog.close}
        />
      ) : null}
      {partyDialog.value ? (
        <PartyEditDialog key={partyDialog.value.id} booking={partyDialog.value} today={today} onClose={partyDialog.close} />
      ) : null}
      <ConfirmCancel
        what="reservation"
        detail={deleting ? `${deleting.name} · ${formatLongDate(deleting.date)} at ${deleting.time12}` : undefined}
        isOpen={deleting !== null}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, version: deleting.version })}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
