import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_EVENT_TYPES,
  ADMIN_PARTY_SIZES,
  adminPartyDetailsPatchSchema,
  adminPartyDetailsSchema,
  eventTypeLabel,
  formatLongDate,
  formatTime12,
  NO_EMAIL,
  PARTY_PAST_MESSAGE,
  type AdminPartyDetails,
  type PartyBookingOut,
} from '@cafe/contracts';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField } from '../../../../components/form/form-fields';
import type { BookingFieldValues } from '../../../../components/booking-fields/use-booking-form';
import { AdminScheduleFields } from './admin-schedule-fields';
import { ContactFields, RequestsField, SizeField } from '../../../../components/booking-fields/booking-fields';
import { guests, type PartyLike } from '../shared/party-types';
import { BookingDialog, useBookingEdit, type BookingDialogTexts } from './booking-dialog';
import { changedFields } from './booking-edit-form';
import { FORM_VALIDATION } from '../../../../components/form/form-validation';

type Values = z.input<ReturnType<typeof adminPartyDetailsSchema>>;
const FIELDS = ['name', 'email', 'phone', 'eventType', 'partySize', 'date', 'time', 'specialRequests'] as const;

const TEXTS: BookingDialogTexts = {
  what: 'party booking',
  updated: 'Party booking updated',
  updateFailed: { title: 'Error', fallback: 'Failed to update party booking' },
  cancelled: 'Party booking cancelled',
  cancelFailed: { title: 'Error', fallback: 'Failed to cancel party booking' },
};

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
  ['Email', p.email || NO_EMAIL],
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

/** Edit Party Booking: the booking dialog with a party's fields (its event type beside the reservation's). */
export function PartyEditDialog({ booking, today, onClose }: PartyEditDialogProps) {
  const form = useForm<Values, unknown, AdminPartyDetails>({
    ...FORM_VALIDATION,
    resolver: resolverFor(today, booking),
    defaultValues: valuesOf(booking),
  });
  const edit = useBookingEdit('party', TEXTS, booking, onClose);
  const save = (values: AdminPartyDetails, version?: number) => edit.save(changedFields(booking, values, FIELDS), version);
  const idPrefix = 'edit-party';
  const fields = { idPrefix, form: form as unknown as UseFormReturn<BookingFieldValues> };
  // A size or event type the admin lists lack (from the public form, or an older booking) stays choosable.
  const sizes = ADMIN_PARTY_SIZES.includes(booking.partySize)
    ? ADMIN_PARTY_SIZES
    : [...ADMIN_PARTY_SIZES, booking.partySize].sort((a, b) => a - b);
  const types: { value: string; label: string }[] = [...ADMIN_EVENT_TYPES];
  if (booking.eventType && !types.some((t) => t.value === booking.eventType)) {
    types.push({ value: booking.eventType, label: eventTypeLabel(booking.eventType) });
  }

  return (
    <BookingDialog
      edit={edit}
      title="Edit Party Booking"
      idPrefix={idPrefix}
      submitText="Save Changes"
      summary={summary}
      onSubmit={form.handleSubmit((values) => save(values))}
      onReapply={(current) => void form.handleSubmit((values) => save(values, current.version))()}
      onDiscard={(current) => form.reset(valuesOf(current))}
      formState={form.formState}
      busy={edit.update.isPending || edit.cancel.isPending}
      saving={edit.update.isPending}
      onClose={onClose}
    >
      <ContactFields fields={fields} staff />
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
    </BookingDialog>
  );
}
