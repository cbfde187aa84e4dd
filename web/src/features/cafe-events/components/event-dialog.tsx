import { zodResolver } from '@hookform/resolvers/zod';
import { EVENT_REPEAT_LABELS, cafeEventSchema, to24Hour, type CafeEvent, type CafeEventInput } from '@cafe/contracts';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ContentFormDialog } from '../../../components/content-form-dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { AdminDateInput } from '../../../components/form/admin-date-input';
import { Field } from '../../../components/form/field';
import { TimeSelect } from '../../../components/form/time-select';
import { useCreateEvent, useUpdateEvent } from '../api/manage-events';
import { FORM_VALIDATION } from '../../../components/form/form-validation';
import { EventSeatFields } from './event-seat-fields';
import { EventFloorFields } from './event-floor-fields';

interface EventDialogProps {
  /** null: closed; 'new': create; an event: edit it. */
  target: CafeEvent | 'new' | null;
  onClose: () => void;
}

/** A stored 'h:mm AM/PM' is shown as 24-hour HH:mm, as the server keeps it (and the time select lists it). */
const valuesOf = (target: CafeEvent | 'new' | null): CafeEventInput =>
  target && target !== 'new'
    ? {
        title: target.title,
        description: target.description ?? '',
        event_date: target.event_date,
        event_time: target.event_time ? (to24Hour(target.event_time) ?? target.event_time) : '',
        location: target.location ?? '',
        price: target.price ?? '',
        max_attendees: target.max_attendees ?? '',
        image_url: target.image_url ?? '',
        isVisible: target.isVisible,
        isFeatured: target.isFeatured,
        repeat: target.repeat ?? '',
        uses_seats: target.uses_seats ?? '',
        length_minutes: target.length_minutes ?? '',
        area: target.area ?? '',
        tables: target.tables ?? [],
      }
    : {
        title: '',
        description: '',
        event_date: '',
        event_time: '',
        location: '',
        price: '',
        max_attendees: '',
        image_url: '',
        isVisible: true,
        isFeatured: false,
        repeat: '',
        uses_seats: '',
        length_minutes: '',
        area: '',
        tables: [],
      };

export function EventDialog({ target, onClose }: EventDialogProps) {
  const editing = target !== null && target !== 'new';
  const form = useForm({ ...FORM_VALIDATION, resolver: zodResolver(cafeEventSchema), defaultValues: valuesOf(target) });
  useEffect(() => form.reset(valuesOf(target)), [target, form]);
  const errors = form.formState.errors;
  const eventDate = useWatch({ control: form.control, name: 'event_date' });
  const create = useCreateEvent({ onSuccess: onClose });
  const update = useUpdateEvent({ onSuccess: onClose });
  const pending = create.isPending || update.isPending;

  return (
    <ContentFormDialog
      isOpen={target !== null}
      onClose={onClose}
      title={editing ? 'Edit Event' : 'Add Event'}
      ariaLabel={editing ? 'Edit event' : 'Add event'}
      onSubmit={form.handleSubmit((fields) => (editing ? update.mutate({ id: target.id, fields }) : create.mutate(fields)))}
      pending={pending}
      formState={form.formState}
      submitText={editing ? 'Save Event' : 'Add Event'}
    >
      <TextField form={form} name="title" id="event-title" label="Title" autoFocus />
      <TextAreaField form={form} name="description" id="event-description" label="Description" optional fill autoResize rows={3} />
      <div className="content-form-row">
        <Field id="event-date" label="Date" error={errors.event_date?.message}>
          <Controller
            control={form.control}
            name="event_date"
            render={({ field }) => (
              <AdminDateInput
                id="event-date"
                value={field.value ?? ''}
                onChange={field.onChange}
                invalid={Boolean(errors.event_date)}
                describedBy={errors.event_date ? 'event-date-error' : undefined}
              />
            )}
          />
        </Field>
        <Field id="event-time" label="Time" optional error={errors.event_time?.message}>
          <Controller
            control={form.control}
            name="event_time"
            render={({ field }) => (
              <TimeSelect
                forEvents
                id="event-time"
                date={eventDate ?? ''}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                selectRef={field.ref}
                invalid={Boolean(errors.event_time)}
                describedBy={errors.event_time ? 'event-time-error' : undefined}
              />
            )}
          />
        </Field>
      </div>
      <SelectField
        form={form}
        name="repeat"
        id="event-repeat"
        label="Repeats"
        placeholder={EVENT_REPEAT_LABELS.none}
        options={[
          { value: 'weekly', label: EVENT_REPEAT_LABELS.weekly },
          { value: 'monthly', label: EVENT_REPEAT_LABELS.monthly },
        ]}
      />
      <TextField form={form} name="location" id="event-location" label="Location" optional placeholder="Main hall" markInvalid={false} />
      <div className="content-form-row">
        <TextField form={form} name="price" id="event-price" label="Price" optional placeholder="$10 or Free" />
        <TextField
          form={form}
          name="max_attendees"
          id="event-max"
          label="Max attendees"
          optional
          registerOptions={{ setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? '' : Number(v)) }}
          type="number"
          min="1"
          step="1"
          inputMode="numeric"
        />
      </div>
      <EventSeatFields form={form} />
      <EventFloorFields key={editing ? target.id : 'new'} form={form} />
      <TextField form={form} name="image_url" id="event-image" label="Image URL" optional type="url" placeholder="https://…" />
    </ContentFormDialog>
  );
}
