import { Callout, Dialog, DialogBody, HTMLSelect } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SIGN_UP_CONFIRMED_TITLE,
  SIGN_UP_PLACES,
  SIGN_UP_WAITLISTED_TITLE,
  eventSignUpSchema,
  type CafeEvent,
  type EventOccurrence,
  type EventSignUpInput,
} from '@cafe/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorDescription } from '../../../lib/api-client';
import { BusyButton } from '../../../components/busy-button';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorSummary } from '../../../components/form/error-summary';
import { Field, errorAria } from '../../../components/form/field';
import { TextField } from '../../../components/form/form-fields';
import { PhoneInput } from '../../../components/form/phone-input';
import { useSignUp } from '../api/sign-ups';
import { eventDateText, eventTimeText } from './event-card';
import { placesText } from './event-dates';
import { FORM_VALIDATION } from '../../../components/form/form-validation';

interface SignUpDialogProps {
  target: { event: CafeEvent; occurrence: EventOccurrence } | null;
  onClose: () => void;
}

const blank = (date: string): EventSignUpInput => ({ date, name: '', email: '', phone: '', places: 1 });

/** A visitor signs up for one date (name, e-mail, phone, 1–4 places); a full date puts them on its waitlist. */
export function SignUpDialog({ target, onClose }: SignUpDialogProps) {
  const form = useForm({
    ...FORM_VALIDATION,
    resolver: zodResolver(eventSignUpSchema),
    defaultValues: blank(target?.occurrence.date ?? ''),
  });
  const signUp = useSignUp();
  const { reset: resetForm } = form;
  const { reset: resetSignUp } = signUp;
  useEffect(() => {
    resetForm(blank(target?.occurrence.date ?? ''));
    resetSignUp();
  }, [target, resetForm, resetSignUp]);
  if (!target) return null;
  const { event, occurrence } = target;
  const full = occurrence.placesLeft === 0;
  const when = `${eventDateText(occurrence.date)}${event.event_time ? ` · ${eventTimeText(event.event_time)}` : ''}`;
  const done = signUp.data;
  const phoneError = form.formState.errors.phone?.message;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={full ? `Join the waitlist: ${event.title}` : `Sign up: ${event.title}`}
      className="sign-up-dialog"
    >
      {done ? (
        <>
          <DialogBody>
            <Callout
              intent={done.status === 'confirmed' ? 'success' : 'warning'}
              title={done.status === 'confirmed' ? SIGN_UP_CONFIRMED_TITLE : SIGN_UP_WAITLISTED_TITLE}
            >
              {done.status === 'confirmed' ? (
                <p>
                  {done.places === 1 ? '1 place is' : `${done.places} places are`} yours for {event.title} on {when}. We've e-mailed you the
                  details and a link to cancel.
                </p>
              ) : (
                <p>
                  This date is full: you're number {done.waitlistPosition} on the waitlist. If places open up, they go to the waitlist in
                  order and we'll e-mail you.
                </p>
              )}
            </Callout>
          </DialogBody>
          <DialogActions onClose={onClose} />
        </>
      ) : (
        <form
          noValidate
          aria-label={full ? 'Join the waitlist' : 'Sign up'}
          onSubmit={form.handleSubmit((fields) => signUp.mutate({ eventId: event.id, fields }))}
        >
          <DialogBody>
            <p className="sign-up-when">
              <strong>{when}</strong> · {placesText(occurrence)}
              {event.price ? ` · ${event.price}` : ''}
            </p>
            <TextField form={form} name="name" id="sign-up-name" label="Name" autoComplete="name" autoFocus />
            <TextField form={form} name="email" id="sign-up-email" label="Email" type="email" autoComplete="email" />
            <Field id="sign-up-phone" label="Phone" error={phoneError}>
              <Controller
                control={form.control}
                name="phone"
                render={({ field }) => (
                  <PhoneInput
                    id="sign-up-phone"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    invalid={Boolean(phoneError)}
                    describedBy={phoneError ? 'sign-up-phone-error' : undefined}
                  />
                )}
              />
            </Field>
            <Field id="sign-up-places" label="Places" error={form.formState.errors.places?.message}>
              <Controller
                control={form.control}
                name="places"
                render={({ field }) => (
                  <HTMLSelect
                    fill
                    id="sign-up-places"
                    ref={field.ref}
                    value={String(field.value)}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    {...errorAria('sign-up-places', form.formState.errors.places)}
                  >
                    {SIGN_UP_PLACES.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </HTMLSelect>
                )}
              />
            </Field>
            <ErrorSummary formState={form.formState} />
            {signUp.isError ? (
              <Callout intent="danger" role="alert">
                {errorDescription(signUp.error, 'Your sign-up could not be saved. Please try again.')}
              </Callout>
            ) : null}
          </DialogBody>
          <DialogActions onClose={onClose}>
            <BusyButton type="submit" intent="primary" busy={signUp.isPending} text={full ? 'Join the waitlist' : 'Sign up'} />
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
