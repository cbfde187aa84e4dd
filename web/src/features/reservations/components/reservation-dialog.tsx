import { Button, Dialog, DialogBody, Tab, Tabs } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_RESERVATION_SIZES,
  adminReservationSchema,
  DEFAULT_RESERVATION_SIZE,
  formatLongDate,
  formatTime12,
  RESERVATION_PAST_MESSAGE,
  type AdminReservation,
  type AdminReservationPatch,
  type CalendarEntry,
  type ReservationOut,
} from '@cafe/contracts';
import { useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ContactFields, RequestsField, SizeField, type BookingFieldValues } from '../../booking-form';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { AdminScheduleFields, ConfirmCancel, ConflictCallout, useConflict } from '../../booking-dialogs';
import { BookingHistoryList } from '../../booking-history';
import { useCreateAdminReservation } from '../api/create-admin-reservation';
import { useDeleteReservation } from '../api/delete-reservation';
import { getReservation } from '../api/get-reservations';
import { useUpdateReservation } from '../api/update-reservation';

type Values = z.input<ReturnType<typeof adminReservationSchema>>;
type Booking = Pick<CalendarEntry, 'id' | 'name' | 'email' | 'phone' | 'partySize' | 'date' | 'time' | 'specialRequests' | 'version'>;

const FIELDS = ['name', 'email', 'phone', 'partySize', 'date', 'time', 'specialRequests'] as const;
const people = (n: number) => `${n} ${n === 1 ? 'Person' : 'People'}`;

const valuesOf = (b: Booking | null): Values => ({
  name: b?.name ?? '',
  email: b?.email ?? '',
  phone: b?.phone ?? '',
  partySize: b?.partySize ?? DEFAULT_RESERVATION_SIZE,
  date: b?.date ?? '',
  time: b?.time ?? '',
  specialRequests: b?.specialRequests ?? '',
});

/** Validated with the contract schema; a booking whose date and time stay as they were may be in the past. */
function resolverFor(today: string, original: Booking | null): Resolver<Values, unknown, AdminReservation> {
  return (values, context, options) => {
    const unchanged = original && values.date === original.date && values.time === original.time;
    return zodResolver(adminReservationSchema(unchanged ? null : today))(values, context, options);
  };
}

/** Only what the admin changed (absent = unchanged on the server). */
function changesOf(original: Booking, next: AdminReservation): AdminReservationPatch {
  const changes: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const before = original[key] ?? undefined;
    if (next[key] !== before) changes[key] = next[key];
  }
  return changes;
}

const summary = (r: ReservationOut): [string, string][] => [
  ['Name', r.name],
  ['Email', r.email],
  ['Phone', r.phone],
  ['Party size', people(r.partySize)],
  ['Date', formatLongDate(r.date)],
  ['Time', formatTime12(r.time)],
  ['Special requests', r.specialRequests || '—'],
];

interface ReservationDialogProps {
  /** The reservation to edit, or null for Add New Reservation. */
  booking: Booking | null;
  /** Today in the café (from the server). */
  today: string;
  onClose: () => void;
}

/** Edit Reservation (details + history) and Add New Reservation. */
export function ReservationDialog({ booking, today, onClose }: ReservationDialogProps) {
  const editing = booking !== null;
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values, unknown, AdminReservation>({ resolver: resolverFor(today, booking), defaultValues: valuesOf(booking) });
  const conflict = useConflict(booking?.version ?? 0, () => getReservation(booking!.id));
  const failed = (title: string) => (error: unknown) =>
    void toast({ title, description: errorDescription(error, 'Please try again'), intent: 'danger' });

  const create = useCreateAdminReservation({
    onSuccess: () => {
      void toast({ title: 'Reservation created', intent: 'success' });
      onClose();
    },
    onError: failed('Failed to create reservation'),
  });
  const update = useUpdateReservation({
    onSuccess: () => {
      void toast({ title: 'Reservation updated', intent: 'success' });
      onClose();
    },
    onError: (error) => {
      // A conflict is shown in the dialog itself, with the current values; anything else is a toast.
      if (!conflict.handleError(error)) failed('Failed to update reservation')(error);
    },
  });
  const remove = useDeleteReservation({
    onSuccess: () => {
      setConfirming(false);
      void toast({ title: 'Reservation deleted', intent: 'success' });
      onClose();
    },
    onError: (error) => {
      setConfirming(false);
      if (!conflict.handleError(error)) failed('Failed to delete reservation')(error);
    },
  });

  const save = (values: AdminReservation, version = conflict.version) => {
    if (!booking) return create.mutate(values);
    const changes = changesOf(booking, values);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: booking.id, version, changes });
  };
  const reapply = () => {
    const current = conflict.adoptCurrent();
    if (current) void form.handleSubmit((values) => save(values, current.version))();
  };
  const discard = () => {
    const current = conflict.adoptCurrent();
    if (current) form.reset(valuesOf(current));
  };
  const busy = create.isPending || update.isPending || remove.isPending;
  const idPrefix = editing ? 'edit-reservation' : 'add-reservation';
  const fields = { idPrefix, form: form as unknown as UseFormReturn<BookingFieldValues> };

  const details = (
    <form
      id={`${idPrefix}-form`}
      noValidate
      onSubmit={form.handleSubmit((values) => save(values))}
      aria-label={editing ? 'Edit Reservation' : 'Add New Reservation'}
    >
      <DialogBody>
        {conflict.conflict ? (
          <ConflictCallout
            message={conflict.conflict.message}
            current={conflict.conflict.current ? summary(conflict.conflict.current) : null}
            onReapply={reapply}
            onDiscard={discard}
            busy={update.isPending}
          />
        ) : null}
        <p className="booking-dialog-note">All fields are required except special requests.</p>
        <div className="booking-dialog-form">
          <ContactFields fields={fields} />
          <SizeField fields={fields} label="Party size" sizes={ADMIN_RESERVATION_SIZES} format={people} />
          <AdminScheduleFields idPrefix={idPrefix} form={form} today={today} pastMessage={RESERVATION_PAST_MESSAGE} />
          <RequestsField fields={fields} placeholder="Seating, accessibility, a game to have ready…" />
        </div>
      </DialogBody>
      <div className="booking-dialog-footer">
        {editing ? (
          <Button className="booking-dialog-danger" intent="danger" variant="minimal" onClick={() => setConfirming(true)} disabled={busy}>
            Cancel reservation
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button type="submit" intent="primary" loading={create.isPending || update.isPending} disabled={busy}>
          {editing ? 'Save Changes' : 'Create Reservation'}
        </Button>
      </div>
    </form>
  );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={editing ? 'Edit Reservation' : 'Add New Reservation'}
      className="booking-dialog"
      canOutsideClickClose={!busy}
    >
      {editing ? (
        <Tabs id={`${idPrefix}-tabs`} selectedTabId={tab} onChange={(id) => setTab(id as 'details' | 'history')} renderActiveTabPanelOnly>
          <Tab id="details" title="Details" panel={details} />
          <Tab
            id="history"
            title="History"
            panel={
              <DialogBody>
                <BookingHistoryList kind="reservation" id={booking.id} />
              </DialogBody>
            }
          />
        </Tabs>
      ) : (
        details
      )}
      {editing ? (
        <ConfirmCancel
          what="reservation"
          detail={`${booking.name} · ${formatLongDate(booking.date)} at ${formatTime12(booking.time)}`}
          isOpen={confirming}
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: booking.id, version: conflict.version })}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Dialog>
  );
}
