import { Button, Dialog, DialogBody, DialogFooter, InputGroup, TextArea } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { cafeEventSchema, to24Hour, type CafeEvent, type CafeEventInput } from '@cafe/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { bpRegister } from '../../../components/bp-register';
import { Field } from '../../../components/form/field';
import { useCreateEvent, useUpdateEvent } from '../api/manage-events';

interface EventDialogProps {
  /** null: closed; 'new': create; an event: edit it. */
  target: CafeEvent | 'new' | null;
  onClose: () => void;
}

/** A stored 'h:mm AM/PM' is shown as 24-hour HH:mm, as the server keeps it. */
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
      };

export function EventDialog({ target, onClose }: EventDialogProps) {
  const editing = target !== null && target !== 'new';
  const form = useForm({ resolver: zodResolver(cafeEventSchema), defaultValues: valuesOf(target) });
  const { errors } = form.formState;
  useEffect(() => form.reset(valuesOf(target)), [target, form]);
  const create = useCreateEvent({ onSuccess: onClose });
  const update = useUpdateEvent({ onSuccess: onClose });
  const pending = create.isPending || update.isPending;

  return (
    <Dialog isOpen={target !== null} onClose={onClose} title={editing ? 'Edit Event' : 'Add Event'} className="content-dialog">
      <form
        noValidate
        aria-label={editing ? 'Edit event' : 'Add event'}
        onSubmit={form.handleSubmit((fields) => (editing ? update.mutate({ id: target.id, fields }) : create.mutate(fields)))}
      >
        <DialogBody>
          <Field id="event-title" label="Title" error={errors.title?.message}>
            <InputGroup {...bpRegister(form, 'title')} id="event-title" autoFocus intent={errors.title ? 'danger' : 'none'} />
          </Field>
          <Field id="event-description" label="Description" optional error={errors.description?.message}>
            <TextArea {...bpRegister(form, 'description')} id="event-description" fill autoResize rows={3} />
          </Field>
          <div className="content-form-row">
            <Field id="event-date" label="Date" error={errors.event_date?.message}>
              <InputGroup {...bpRegister(form, 'event_date')} id="event-date" type="date" intent={errors.event_date ? 'danger' : 'none'} />
            </Field>
            <Field id="event-time" label="Time" optional error={errors.event_time?.message}>
              <InputGroup
                {...bpRegister(form, 'event_time')}
                id="event-time"
                placeholder="19:30 or 7:30 PM"
                inputMode="text"
                autoComplete="off"
                intent={errors.event_time ? 'danger' : 'none'}
              />
            </Field>
          </div>
          <Field id="event-location" label="Location" optional error={errors.location?.message}>
            <InputGroup {...bpRegister(form, 'location')} id="event-location" placeholder="Main hall" />
          </Field>
          <div className="content-form-row">
            <Field id="event-price" label="Price" optional error={errors.price?.message}>
              <InputGroup
                {...bpRegister(form, 'price')}
                id="event-price"
                placeholder="$10 or Free"
                intent={errors.price ? 'danger' : 'none'}
              />
            </Field>
            <Field id="event-max" label="Max attendees" optional error={errors.max_attendees?.message}>
              <InputGroup
                {...bpRegister(form, 'max_attendees', {
                  setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? '' : Number(v)),
                })}
                id="event-max"
                type="number"
                min="1"
                step="1"
                inputMode="numeric"
                intent={errors.max_attendees ? 'danger' : 'none'}
              />
            </Field>
          </div>
          <Field id="event-image" label="Image URL" optional error={errors.image_url?.message}>
            <InputGroup
              {...bpRegister(form, 'image_url')}
              id="event-image"
              type="url"
              placeholder="https://…"
              intent={errors.image_url ? 'danger' : 'none'}
            />
          </Field>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" variant="minimal" onClick={onClose} />
              <Button type="submit" intent="primary" loading={pending} text={editing ? 'Save Event' : 'Add Event'} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
