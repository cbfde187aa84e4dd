import { Button, ButtonGroup } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { WAITLIST_SIZES, doorQueueAddSchema, type DoorQueueAdd, type DoorQueueAddInput } from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { Field } from '../../../components/form/field';
import { TextField } from '../../../components/form/form-fields';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useAddParty, type DoorQueueAdded } from '../api/door-queue';

const empty = (): DoorQueueAddInput => ({ name: '', phone: '', email: '', partySize: 2, note: '' });

/** Only what staff typed: an empty phone or e-mail is left out. */
const withoutEmpty = (v: DoorQueueAdd): DoorQueueAdd => ({
  name: v.name,
  partySize: v.partySize,
  ...(v.phone ? { phone: v.phone } : {}),
  ...(v.email ? { email: v.email } : {}),
  note: v.note || undefined,
});

/** A party at the door in three taps: the name, a phone or an e-mail, a size chip (a note if it helps). */
export function AddPartyForm({ onAdded }: { onAdded: (party: DoorQueueAdded) => void }) {
  const form = useForm<DoorQueueAddInput, unknown, DoorQueueAdd>({ resolver: zodResolver(doorQueueAddSchema), defaultValues: empty() });
  const add = useAddParty({
    onSuccess: (party) => {
      form.reset(empty());
      onAdded(party);
    },
    onError: (error) =>
      toast({ title: 'Could not add the party', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const sizeError = form.formState.errors.partySize?.message;
  return (
    <form
      className="door-add"
      aria-label="Add a party to the queue"
      noValidate
      onSubmit={form.handleSubmit((values) => !add.isPending && add.mutate(withoutEmpty(values)))}
    >
      <TextField form={form} name="name" id="door-name" label="Name" autoComplete="off" />
      <TextField form={form} name="phone" id="door-phone" label="Phone" type="tel" inputMode="tel" autoComplete="off" optional />
      <TextField form={form} name="email" id="door-email" label="E-mail" type="email" autoComplete="off" optional />
      <Field id="door-size" label="Party size" error={sizeError} className="door-size-field">
        <Controller
          control={form.control}
          name="partySize"
          render={({ field }) => (
            <ButtonGroup id="door-size" className="size-chips" role="radiogroup" aria-label="Party size">
              {WAITLIST_SIZES.map((n) => (
                <Button
                  key={n}
                  role="radio"
                  aria-checked={field.value === n}
                  intent={field.value === n ? 'primary' : 'none'}
                  variant={field.value === n ? 'solid' : 'outlined'}
                  onClick={() => field.onChange(n)}
                  text={String(n)}
                />
              ))}
            </ButtonGroup>
          )}
        />
      </Field>
      <TextField form={form} name="note" id="door-note" label="Note" placeholder="Red scarf by the bar" autoComplete="off" optional />
      <div className="door-add-actions">
        <BusyButton type="submit" intent="primary" size="large" busy={add.isPending} busyText="Adding..." text="Add to queue" fill />
      </div>
    </form>
  );
}
