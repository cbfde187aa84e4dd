import { InputGroup } from '@blueprintjs/core';
import { EVENT_LENGTH_HINT, EVENT_SEATS_HINT, type CafeEventFields, type CafeEventInput } from '@cafe/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { bpRegister } from '../../../components/bp-register';
import { Field, errorAria } from '../../../components/form/field';
import { HoldingMinutesSelect } from '../../../components/form/holding-minutes-select';

/** The hint under a field is what its input is described by, until an error takes its place. */
const described = (id: string, error: unknown) => (error ? errorAria(id, error) : { 'aria-describedby': `${id}-hint` });

/**
 * How the event shares the café's room with the tables: the seats it holds at its time ("Uses seats":
 * empty for its places taken, 0 for another room) and for how long (empty: until it ends, or the
 * table-holding time). The server refuses seats the tables already hold, with the date and time.
 */
export function EventSeatFields({ form }: { form: UseFormReturn<CafeEventInput, unknown, CafeEventFields> }) {
  const errors = form.formState.errors;
  return (
    <div className="content-form-row">
      <Field id="event-seats" label="Uses seats" optional hint={EVENT_SEATS_HINT} error={errors.uses_seats?.message}>
        <InputGroup
          {...bpRegister(form, 'uses_seats', {
            setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? '' : Number(v)),
          })}
          id="event-seats"
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          placeholder="Places taken"
          intent={errors.uses_seats ? 'danger' : 'none'}
          {...described('event-seats', errors.uses_seats)}
        />
      </Field>
      <Field id="event-length" label="Length" optional hint={EVENT_LENGTH_HINT} error={errors.length_minutes?.message}>
        <HoldingMinutesSelect
          control={form.control}
          name="length_minutes"
          id="event-length"
          empty="Until it ends"
          aria={described('event-length', errors.length_minutes)}
        />
      </Field>
    </div>
  );
}
