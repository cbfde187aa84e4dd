import { StaffDialog } from '../../../components/staff-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_EVENT_TYPES,
  ADMIN_PARTY_SIZES,
  adminPartyDetailsPatchSchema,
  adminPartyDetailsSchema,
  eventTypeLabel,
  formatLongDate,
  formatTime12,
  PARTY_PAST_MESSAGE,
  type AdminPartyDetails,
  type AdminPartyDetailsPatch,
  type PartyBookingOut,
} from '@cafe/contracts';
import { useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ContactFields, RequestsField, SizeField, type BookingFieldValues } from '../../booking-form';
import { SelectField } from '../../../components/form/form-fields';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useClosedDays } from '../../../lib/blocked-dates';
import {
  AdminScheduleFields,
  BookingConflict,
  BookingEditForm,
  bookingDetail,
  changedFields,
  ConfirmCancel,
  HistoryTabs,
  useCapacityOverride,
  useConflict,
} from '../../booking-dialogs';
import { useCancelPartyBooking } from '../api/cancel-party-booking';
import { getPartyBooking } from '../api/get-party-bookings';
import { useUpdatePartyDetails } from '../api/update-party-details';
import { guests, type PartyLike } from './party-types';

type Values = z.input<ReturnType<typeof adminPartyDetailsSchema>>;
const FIELDS = ['name', 'email', 'phone', 'eventType', 'partySize', 'date', 'time', 'specialRequests'] as const;

const valuesOf = (b: PartyLike): Values => ({
  name: b.name,
  email: b.email,
  phone: b.phone,
  eventType: b.eventType ?? '',
  partySize: b.partySize,
  date: b.date,
  time: b.time,
  specialRequests: b.specialRequests ?? '',
});

/**
 * The contract schema; a date and time left as they were may be in the past, and a size from the
 * public form (12 guests) may stay although the admin list lacks it.
 */
function resolverFor(today: string, original: PartyLike): Resolver<Values, unknown, AdminPartyDetails> {
  return (values, context, options) => {
    const t = values.date === original.date && values.time === original.time ? null : today;
    const schema = values.partySize === original.partySize ? adminPartyDetailsPatchSchema(t) : adminPartyDetailsSchema(t);
    return (zodResolver(schema) as unknown as Resolver<Values, unknown, AdminPartyDetails>)(values, context, options);
  };
}

const summary = (p: PartyBookingOut): [string, string][] => [
  ['Name', p.name],
  ['Email', p.email],
  ['Phone', p.phone],
  ['Event type', p.eventTypeLabel],
  ['Party size', guests(p.partySize)],
  ['Date', formatLongDate(p.date)],
  ['Time', formatTime12(p.time)],
  ['Special requests', p.specialRequests || '—'],
];

interface PartyEditDialogProps {
  booking: PartyLike;
  /** Today in the café (from the server). */
  today: string;
  onClose: () => void;
}

/** Edit Party Booking: details (If-Match at the version it opened with), cancel with confirmation, history. */
export function PartyEditDialog({ booking, today, onClose }: PartyEditDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values, unknown, AdminPartyDetails>({ resolver: resolverFor(today, booking), defaultValues: valuesOf(booking) });
  const conflict = useConflict(booking.version, () => getPartyBooking(booking.id));
  const capacity = useCapacityOverride();
  const closedReason = useClosedDays().get(booking.date);
  const update = useUpdatePartyDetails({
    onSuccess: () => {
      void toast({ title: 'Party booking updated', intent: 'success' });
      onClose();
    },
    onError: (error, input) => {
      // Fully booked asks whether to book anyway; a conflict is shown in the dialog itself, with the
      // current values; anything else is a toast.
      if (capacity.handleError(error, () => update.mutate({ ...input, overrideCapacity: true }))) return;
      if (!conflict.handleError(error))
        void toast({ title: 'Error', description: errorDescription(error, 'Failed to update party booking'), intent: 'danger' });
    },
  });
  const cancel = useCancelPartyBooking({
    onSuccess: () => {
      setConfirming(false);
      void toast({ title: 'Party booking cancelled', intent: 'success' });
      onClose();
    },
    onError: (error) => {
      setConfirming(false);
      if (!conflict.handleError(error))
        void toast({ title: 'Error', description: errorDescription(error, 'Failed to cancel party booking'), intent: 'danger' });
    },
  });
  const save = (values: AdminPartyDetails, version = conflict.version) => {
    const changes: AdminPartyDetailsPatch = changedFields(booking, values, FIELDS);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: booking.id, version, changes });
  };
  const busy = update.isPending || cancel.isPending;
  const idPrefix = 'edit-party';
  const fields = { idPrefix, form: form as unknown as UseFormReturn<BookingFieldValues> };
  const sizes = ADMIN_PARTY_SIZES.includes(booking.partySize)
    ? ADMIN_PARTY_SIZES
    : [...ADMIN_PARTY_SIZES, booking.partySize].sort((a, b) => a - b);
  const types: { value: string; label: string }[] = [...ADMIN_EVENT_TYPES];
  if (booking.eventType && !types.some((t) => t.value === booking.eventType)) {
    types.push({ value: booking.eventType, label: eventTypeLabel(booking.eventType) });
  }

  const details = (
    <BookingEditForm
      ariaLabel="Edit Party Booking"
      onSubmit={form.handleSubmit((values) => save(values))}
      formState={form.formState}
      notice={
        <BookingConflict
          conflict={conflict}
          summary={summary}
          onReapply={(current) => void form.handleSubmit((values) => save(values, current.version))()}
          onDiscard={(current) => form.reset(valuesOf(current))}
          busy={update.isPending}
        />
      }
      closedReason={closedReason}
      cancelText="Cancel party booking"
      onCancelBooking={() => setConfirming(true)}
      onClose={onClose}
      submitText="Save Changes"
      busy={busy}
      saving={update.isPending}
    >
      <ContactFields fields={fields} />
      <SelectField
        form={form}
        name="eventType"
        id={`${idPrefix}-event-type`}
        label="Event type"
        placeholder="Select event type"
        options={types}
      />
      <SizeField fields={fields} label="Party size" sizes={sizes} format={guests} />
      <AdminScheduleFields idPrefix={idPrefix} form={form} today={today} pastMessage={PARTY_PAST_MESSAGE} />
      <RequestsField fields={fields} placeholder="Cake, decorations, games for the group…" />
    </BookingEditForm>
  );

  return (
    <StaffDialog isOpen onClose={onClose} title="Edit Party Booking" canOutsideClickClose={!busy}>
      <HistoryTabs id="edit-party-tabs" kind="party" bookingId={booking.id} mainId="details" mainTitle="Details" panel={details} />
      {capacity.alert}
      <ConfirmCancel
        what="party booking"
        detail={bookingDetail(booking)}
        isOpen={confirming}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: booking.id, version: conflict.version })}
        onClose={() => setConfirming(false)}
      />
    </StaffDialog>
  );
}
