import { Button, Callout } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  WAITLIST_LINK_PATH,
  PUBLIC_RESERVATION_SIZES,
  formatLongDate,
  formatTime12,
  slotsFor,
  waitlistJoinSchema,
  type WaitlistEntryOut,
  type WaitlistJoin,
  type WaitlistJoinInput,
} from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { ErrorSummary } from '../../../components/form/error-summary';
import { BoundSelect } from '../../../components/form/bound-select';
import { Field, errorAria } from '../../../components/form/field';
import { SelectField, TextField } from '../../../components/form/form-fields';
import { errorDescription } from '../../../lib/api-client';
import { useOpeningHours } from '../../../lib/business-info';
import { useCafeClock } from '../../../lib/cafe-clock';
import { clearToasts, toast } from '../../../lib/toaster';
import { useJoinWaitlist } from '../api/waitlist';
import './waitlist.css';

/** What the booking form knows when its time is full: the guest's date, time, size and contact. */
export interface WaitlistJoinProps {
  date: string;
  /** The full times of the date (or the one refused): the window starts at the first and ends at the last. */
  fullTimes: string[];
  partySize: number;
  name: string;
  email: string;
  phone: string;
}

/** "You're on the waitlist: number 2" and the link to see or leave the place. */
function Joined({ entry }: { entry: WaitlistEntryOut }) {
  return (
    <Callout intent="success" className="waitlist-joined" role="status" title={`You're on the waitlist: number ${entry.position ?? 1}`}>
      <p>
        We'll e-mail you if a table for {entry.partySize} frees up on {formatLongDate(entry.date)} between {formatTime12(entry.from)} and{' '}
        {formatTime12(entry.to)}.
      </p>
      {entry.token ? (
        <Link className="text-link" to={`${WAITLIST_LINK_PATH}/${entry.token}`}>
          See or leave your place
        </Link>
      ) : null}
    </Callout>
  );
}

/**
 * "Tell me if a table frees up": offered by the reservation form when the times wanted are full; a short
 * form (the window and size prefilled, the contact from the booking form) joins the date's waitlist.
 */
export default function WaitlistJoinOffer(props: WaitlistJoinProps) {
  const [open, setOpen] = useState(false);
  const [joined, setJoined] = useState<WaitlistEntryOut | null>(null);
  // A taken offer books a table reservation: a larger party (a party request) has no waitlist.
  if (!PUBLIC_RESERVATION_SIZES.includes(props.partySize)) return null;
  if (joined) return <Joined entry={joined} />;
  if (!open) {
    return (
      <div className="waitlist-offer-link">
        <Button
          intent="primary"
          variant="outlined"
          onClick={() => {
            setOpen(true);
            // The refusal's toast (at the bottom) would cover the form that now answers it on a phone.
            clearToasts();
          }}
          text="Tell me if a table frees up"
        />
      </div>
    );
  }
  return <JoinForm {...props} onJoined={setJoined} onCancel={() => setOpen(false)} />;
}

function JoinForm(props: WaitlistJoinProps & { onJoined: (e: WaitlistEntryOut) => void; onCancel: () => void }) {
  const { date, fullTimes, partySize } = props;
  const today = useCafeClock().data?.today ?? null;
  const hours = useOpeningHours();
  const slots = useMemo(() => slotsFor(date, hours), [date, hours]);
  const schema = useMemo(() => waitlistJoinSchema(today), [today]);
  const form = useForm<WaitlistJoinInput, unknown, WaitlistJoin>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: props.name,
      email: props.email,
      phone: props.phone,
      partySize,
      date,
      from: fullTimes[0] ?? slots[0] ?? '',
      to: fullTimes.at(-1) ?? slots.at(-1) ?? '',
    },
  });
  const join = useJoinWaitlist({
    onSuccess: props.onJoined,
    onError: (error) =>
      toast({ title: 'Could not join the waitlist', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const times = slots.map((t) => ({ value: t, label: formatTime12(t) }));
  // The contact comes from the booking form: shown as one line, its fields only when missing, wrong or asked for.
  const [editContact, setEditContact] = useState(!(props.name && props.email && props.phone));
  const { errors } = form.formState;
  const contactError = Boolean(errors.name || errors.email || errors.phone);
  return (
    <form
      className="waitlist-join"
      aria-label="Join the waitlist"
      noValidate
      onSubmit={(e) => {
        // Beside the reservation form, never submitting it.
        e.stopPropagation();
        void form.handleSubmit((values) => !join.isPending && join.mutate(values))(e);
      }}
    >
      <h3 className="waitlist-join-title">Join the waitlist for {formatLongDate(date)}</h3>
      <p className="waitlist-join-lead">Any time in your window: we'll e-mail you the moment a table frees up, and hold it for you.</p>
      <div className="waitlist-join-grid">
        <SelectField form={form} name="from" id="waitlist-from" label="Earliest" placeholder="Choose" options={times} />
        <SelectField form={form} name="to" id="waitlist-to" label="Latest" placeholder="Choose" options={times} />
        <Field id="waitlist-size" label="Party size" error={form.formState.errors.partySize?.message}>
          <BoundSelect
            control={form.control}
            name="partySize"
            id="waitlist-size"
            options={PUBLIC_RESERVATION_SIZES.map((n) => ({ value: n, label: String(n) }))}
            parse={Number}
            aria={errorAria('waitlist-size', form.formState.errors.partySize)}
          />
        </Field>
      </div>
      {editContact || contactError ? (
        <div className="waitlist-join-grid">
          <TextField form={form} name="name" id="waitlist-name" label="Name" autoComplete="name" />
          <TextField form={form} name="email" id="waitlist-email" label="Email" type="email" autoComplete="email" />
          <TextField form={form} name="phone" id="waitlist-phone" label="Phone" type="tel" autoComplete="tel" />
        </div>
      ) : (
        <p className="waitlist-contact">
          For {props.name} · <span className="nowrap">{props.email}</span> · <span className="nowrap">{props.phone}</span>{' '}
          <Button variant="minimal" size="small" intent="primary" onClick={() => setEditContact(true)} text="Change" />
        </p>
      )}
      <ErrorSummary formState={form.formState} />
      <div className="waitlist-join-actions">
        <Button variant="minimal" onClick={props.onCancel} text="Not now" />
        <BusyButton type="submit" intent="primary" busy={join.isPending} busyText="Joining..." text="Join the waitlist" />
      </div>
    </form>
  );
}
