import { Button, Checkbox, DialogBody, InputGroup } from '@blueprintjs/core';
import { StaffDialog } from '../../../../components/staff-dialog';
import { DialogActions } from '../../../../components/dialog-actions';
import { zodResolver } from '@hookform/resolvers/zod';
import { bookingFiltersSchema, FILTER_SIZE_MAX, FILTER_SIZE_MIN } from '@cafe/contracts';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { errorAria, Field } from '../../../../components/form/field';
import { AdminDateInput } from '../../../../components/form/admin-date-input';
import { NO_FILTERS, type ReservationFilters } from '../../api/get-bookings-view';
import { ErrorSummary } from '../../../../components/form/error-summary';
import './booking-dialog.css';
import { FORM_VALIDATION } from '../../../../components/form/form-validation';

interface FilterDialogProps {
  filters: ReservationFilters;
  onApply: (filters: ReservationFilters) => void;
  onClose: () => void;
}

// The query schema the server applies to the same parameters checks the dialog's values.
const resolver = zodResolver(bookingFiltersSchema) as unknown as Resolver<ReservationFilters>;

/** Filter Reservations: date range, party size 1–30 (parties go up to 30), and which kinds of booking to show. */
export function FilterDialog({ filters, onApply, onClose }: FilterDialogProps) {
  const form = useForm<ReservationFilters>({ ...FORM_VALIDATION, resolver, defaultValues: filters });
  const errors = form.formState.errors;
  const sizeInput = (name: 'minSize' | 'maxSize', label: string) => {
    const id = `filter-${name}`;
    const reg = form.register(name);
    return (
      <Field id={id} label={label} error={errors[name]?.message}>
        <InputGroup
          id={id}
          type="number"
          inputMode="numeric"
          min={FILTER_SIZE_MIN}
          max={FILTER_SIZE_MAX}
          step={1}
          placeholder={name === 'minSize' ? String(FILTER_SIZE_MIN) : String(FILTER_SIZE_MAX)}
          inputRef={reg.ref}
          name={reg.name}
          onChange={reg.onChange}
          onBlur={reg.onBlur}
          intent={errors[name] ? 'danger' : 'none'}
          {...errorAria(id, errors[name])}
        />
      </Field>
    );
  };
  const dateInput = (name: 'from' | 'to', label: string) => (
    <Field id={`filter-${name}`} label={label} error={errors[name]?.message}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <AdminDateInput
            id={`filter-${name}`}
            value={field.value}
            onChange={field.onChange}
            invalid={Boolean(errors[name])}
            describedBy={errors[name] ? `filter-${name}-error` : undefined}
          />
        )}
      />
    </Field>
  );

  return (
    <StaffDialog isOpen onClose={onClose} title="Filter Reservations" className="filter-dialog">
      <form noValidate aria-label="Filter Reservations" onSubmit={form.handleSubmit(() => onApply(form.getValues()))}>
        <DialogBody>
          <div className="booking-dialog-form">
            {dateInput('from', 'Date from')}
            {dateInput('to', 'Date to')}
            {sizeInput('minSize', 'Min party size')}
            {sizeInput('maxSize', 'Max party size')}
            <fieldset className="form-span filter-kinds">
              <legend>Show</legend>
              <Controller
                control={form.control}
                name="reservations"
                render={({ field }) => (
                  <Checkbox label="Table Reservations" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
                )}
              />
              <Controller
                control={form.control}
                name="parties"
                render={({ field }) => (
                  <Checkbox label="Party Bookings" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
                )}
              />
            </fieldset>
          </div>
          <ErrorSummary formState={form.formState} />
        </DialogBody>
        <DialogActions
          onClose={onClose}
          start={
            <Button
              variant="minimal"
              onClick={() => {
                form.reset(NO_FILTERS);
                onApply(NO_FILTERS);
              }}
            >
              Clear All
            </Button>
          }
        >
          <Button type="submit" intent="primary">
            Apply Filters
          </Button>
        </DialogActions>
      </form>
    </StaffDialog>
  );
}
