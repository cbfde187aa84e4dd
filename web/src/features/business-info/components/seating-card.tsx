import { Card } from '@blueprintjs/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/form-fields';
import { errorAria, Field } from '../../../components/form/field';
import { HoldingMinutesSelect } from '../../../components/form/holding-minutes-select';
import { PartySizeRow } from './guest-facts-card';

interface SeatingValues extends FieldValues {
  seatCapacity?: number;
  holdingMinutes?: number;
}

/**
 * Seats per slot, in the Business Info form: how many people the café seats at once and how long a
 * booking keeps its table. Public bookings past the capacity are refused as fully booked.
 */
export function SeatingCard<T extends SeatingValues, TOut>({ form }: { form: UseFormReturn<T, unknown, TOut> }) {
  const holdingError = form.getFieldState('holdingMinutes' as Path<T>, form.formState).error;
  return (
    <Card className="business-info-card" elevation={1}>
      <h3>Seating</h3>
      <p className="muted business-hours-hint">
        Bookings that would seat more people at once are refused as fully booked; staff may book past it after a warning. Guests can request
        parties of the sizes below online, the largest at most the seat capacity.
      </p>
      <div className="content-form-row">
        <TextField
          form={form}
          name={'seatCapacity' as Path<T>}
          id="business-seat-capacity"
          label="Seat capacity"
          type="number"
          inputMode="numeric"
          min={1}
          registerOptions={{ valueAsNumber: true }}
        />
        <Field id="business-holding-time" label="Table holding time" error={holdingError?.message}>
          <HoldingMinutesSelect
            control={form.control}
            name={'holdingMinutes' as Path<T>}
            id="business-holding-time"
            aria={errorAria('business-holding-time', holdingError)}
          />
        </Field>
      </div>
      <PartySizeRow form={form} />
    </Card>
  );
}
