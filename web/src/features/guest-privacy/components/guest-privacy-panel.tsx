import { Callout, Card } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgetGuestSchema, type ForgetGuest, type ForgetResult } from '@cafe/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { TrashIcon } from '../../../components/content-icons';
import { ErrorSummary } from '../../../components/form/error-summary';
import { TextField } from '../../../components/form/form-fields';
import { erasedSummary, useForgetGuest } from '../api/forget-guest';
import './guest-privacy.css';

/**
 * Erasure on request: a guest's name, e-mail, phone and special requests leave every list, history
 * and the event log; their bookings stay, counted as before. Asks first: it cannot be undone.
 */
export function GuestPrivacyPanel() {
  const form = useForm({ resolver: zodResolver(forgetGuestSchema), defaultValues: { email: '' } });
  const [asking, setAsking] = useState<ForgetGuest | null>(null);
  const [done, setDone] = useState<{ email: string; result: ForgetResult } | null>(null);
  const forget = useForgetGuest({
    onSuccess: (result) => {
      setDone({ email: asking?.email ?? '', result });
      setAsking(null);
      form.reset({ email: '' });
    },
  });
  return (
    <section className="content-area guest-privacy" aria-labelledby="guest-privacy-title">
      <div className="content-area-head">
        <h3 id="guest-privacy-title">Privacy: erase a guest’s personal data</h3>
      </div>
      <Card elevation={1}>
        <p className="guest-privacy-lead">
          When a guest asks to be forgotten, enter their e-mail address. Their name, e-mail, phone and special requests are erased from
          every booking, history and the event log; the bookings themselves (dates, times, party sizes) stay.
        </p>
        <form
          noValidate
          aria-labelledby="guest-privacy-title"
          className="guest-privacy-form"
          onSubmit={form.handleSubmit((input) => {
            setDone(null);
            setAsking(input);
          })}
        >
          <TextField
            form={form}
            name="email"
            id="guest-privacy-email"
            label="Guest's e-mail"
            type="email"
            autoComplete="off"
            placeholder="guest@example.com"
          />
          <BusyButton type="submit" intent="danger" icon={<TrashIcon />} busy={forget.isPending} text="Erase personal data" />
          <ErrorSummary formState={form.formState} />
        </form>
        {done ? (
          <Callout
            intent={done.result.reservations + done.result.partyBookings > 0 ? 'success' : 'none'}
            role="status"
            className="guest-privacy-done"
          >
            <strong>{done.email}</strong>: {erasedSummary(done.result)}
          </Callout>
        ) : null}
      </Card>
      <ConfirmAlert
        isOpen={asking !== null}
        confirmText="Erase"
        loading={forget.isPending}
        onConfirm={() => asking && forget.mutate(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>
          Erase the personal data of <strong>{asking?.email}</strong> from every booking? This cannot be undone.
        </p>
      </ConfirmAlert>
    </section>
  );
}
