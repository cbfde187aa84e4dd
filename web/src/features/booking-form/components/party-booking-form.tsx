import { DialogBody } from '@blueprintjs/core';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { DEFAULT_PARTY_SIZE, PUBLIC_EVENT_TYPES, publicPartyBookingSchema } from '@cafe/contracts';
import type { z } from 'zod';
import { ContactFields, RequestsField, SizeField } from '../../../components/booking-fields/booking-fields';
import { ScheduleFields } from '../../../components/booking-fields/schedule-fields';
import { useBookingForm } from '../../../components/booking-fields/use-booking-form';
import { SelectField } from '../../../components/form/form-fields';
import { BusyButton } from '../../../components/busy-button';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorSummary } from '../../../components/form/error-summary';
import { ApiError, errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useCreateBooking } from '../api/create-booking';
import { usePartySizes } from './party-sizes';
import type { WaitlistOfferProps } from './reservation-form';

type PartyInput = z.input<ReturnType<typeof publicPartyBookingSchema>>;

const empty = (): PartyInput => ({
  name: '',
  email: '',
  phone: '',
  eventType: '',
  partySize: DEFAULT_PARTY_SIZE,
  date: '',
  time: '',
  specialRequests: '',
});

const guests = (n: number) => `${n} guests`;

/** The public party request: same date, time and phone rules as a table reservation; its body and footer fill the dialog. */
interface PartyBookingFormProps {
  onSubmitted: () => void;
  onCancel: () => void;
  /** "Tell me if a table frees up", offered when the answer is fully booked (sizes the waitlist takes). */
  waitlist?: ComponentType<WaitlistOfferProps>;
}

export function PartyBookingForm({ onSubmitted, onCancel, waitlist: WaitlistOffer }: PartyBookingFormProps) {
  // The request refused as fully booked (409): the date, time, size and contact it asked with.
  const [refused, setRefused] = useState<WaitlistOfferProps | null>(null);
  const { form, fields, scheduleProps, clear } = useBookingForm('party', publicPartyBookingSchema, empty);
  // Up to the café's seat capacity: a party larger than the café could be seated at no time of any day.
  const sizes = usePartySizes();
  // The usual 6 guests where the café takes 6 (Business Info sets its sizes), else its smallest party.
  const size = form.watch('partySize');
  useEffect(() => {
    if (sizes.length && !sizes.includes(size)) form.setValue('partySize', sizes[0]!);
  }, [form, size, sizes]);
  const mutation = useCreateBooking('party', {
    onSuccess: () => {
      clear();
      toast({ title: 'Party Booking Submitted!', description: "We'll contact you soon to finalize the details!", intent: 'success' });
      onSubmitted();
    },
    onError: (error, input) => {
      if (error instanceof ApiError && error.status === 409) {
        const { date, time, partySize, name, email, phone } = input;
        setRefused({ date, fullTimes: [time], partySize, name, email, phone });
      }
      toast({ title: 'Booking Failed', description: errorDescription(error, 'Please try again'), intent: 'danger' });
    },
  });

  return (
    <>
      <form
        className="party-form"
        noValidate
        aria-label="Book your party"
        onSubmit={form.handleSubmit((values) => !mutation.isPending && mutation.mutate(values))}
      >
        <DialogBody>
          <p className="dialog-lead">Tell us about your event and we'll reach out within a day to plan games, food and the space.</p>
          <div className="booking-form">
            <ContactFields fields={fields} />
            <SelectField
              form={form}
              name="eventType"
              id="party-event-type"
              label="Event type"
              placeholder="Select event type"
              options={PUBLIC_EVENT_TYPES}
            />
            <SizeField fields={fields} label="Number of guests" sizes={sizes} format={guests} />
            <ScheduleFields {...scheduleProps} />
            <RequestsField fields={fields} placeholder="Cake, dietary needs, games the birthday star loves…" />
            <ErrorSummary formState={form.formState} />
          </div>
        </DialogBody>
        <DialogActions onClose={onCancel}>
          <BusyButton type="submit" intent="primary" busy={mutation.isPending} busyText="Submitting..." text="Submit Request" />
        </DialogActions>
      </form>
      {WaitlistOffer && refused ? (
        // Beside the request's form (a form of its own), under its answer.
        <DialogBody className="party-waitlist">
          <Suspense fallback={null}>
            <WaitlistOffer key={`${refused.date}|${refused.fullTimes[0]}|${refused.partySize}`} {...refused} />
          </Suspense>
        </DialogBody>
      ) : null}
    </>
  );
}
