import { Button, HTMLSelect } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { JOIN_MAX_PARTY, joinRequestSchema, type JoinRequestInput, type PublicOpenTable } from '@cafe/contracts';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { Field, errorAria } from '../../../components/form/field';
import { TextField } from '../../../components/form/form-fields';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useAskToJoin } from '../api/ask-to-join';

type JoinRequest = z.output<typeof joinRequestSchema>;
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** Name, e-mail and how many come: checked with the schema the server applies. */
export function JoinForm({ table, onSent, onCancel }: { table: PublicOpenTable; onSent: () => void; onCancel: () => void }) {
  const form = useForm<JoinRequestInput, unknown, JoinRequest>({
    resolver: zodResolver(joinRequestSchema),
    defaultValues: { name: '', email: '', partySize: 1 },
  });
  const mutation = useAskToJoin(table.id, {
    onSuccess: onSent,
    onError: (error) =>
      toast({ title: 'Could not send your request', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const sizes = Array.from({ length: Math.max(Math.min(JOIN_MAX_PARTY, table.seatsLeft), 1) }, (_, i) => i + 1);
  const id = (field: string) => `join-${table.id}-${field}`;
  const { errors } = form.formState;
  return (
    <form
      className="open-table-join"
      noValidate
      aria-label={`Ask to join ${table.game}`}
      onSubmit={form.handleSubmit((values) => {
        if (!mutation.isPending) mutation.mutate(values);
      })}
    >
      <TextField form={form} name="name" id={id('name')} label="Your name" autoComplete="name" />
      <TextField form={form} name="email" id={id('email')} label="Email" type="email" autoComplete="email" />
      <Field id={id('size')} label="How many of you" error={errors.partySize?.message}>
        <Controller
          control={form.control}
          name="partySize"
          render={({ field }) => (
            <HTMLSelect
              id={id('size')}
              fill
              ref={field.ref}
              value={String(field.value ?? 1)}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              {...errorAria(id('size'), errors.partySize)}
            >
              {sizes.map((n) => (
                <option key={n} value={n}>
                  {people(n)}
                </option>
              ))}
            </HTMLSelect>
          )}
        />
      </Field>
      <div className="open-table-join-actions">
        <Button variant="minimal" text="Cancel" onClick={onCancel} />
        <BusyButton type="submit" intent="primary" busy={mutation.isPending} busyText="Sending..." text="Send request" />
      </div>
    </form>
  );
}
