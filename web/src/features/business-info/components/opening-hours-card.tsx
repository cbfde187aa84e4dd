import { Button, Card, Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import {
  CLOSURE_REASON_HINT,
  DEFAULT_OPENING_HOURS,
  LAST_SEATING_OPTIONS,
  WEEKDAYS,
  clockLabel,
  weekdayName,
  type DayHours,
  type HoursException,
  type OpeningHours,
} from '@cafe/contracts';
import {
  Controller,
  useFieldArray,
  useWatch,
  type ArrayPath,
  type FieldArray,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { bpRegister } from '../../../components/bp-register';
import { PlusIcon, TrashIcon } from '../../../components/content-icons';
import { AdminDateInput } from '../../../components/form/admin-date-input';
import { errorAria, Field } from '../../../components/form/field';
import './opening-hours-card.css';

interface HoursValues extends FieldValues {
  openingHours?: OpeningHours;
}

/** Every half hour of the day; closing may be midnight ('24:00'). */
const TIMES = Array.from({ length: 49 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
const timeText = (time: string) => (time === '24:00' ? 'Midnight' : clockLabel(time));
const seatingText = (minutes: number) => (minutes === 0 ? 'At closing time' : `${minutes} minutes before closing`);

type Form<T extends HoursValues, TOut> = UseFormReturn<T, unknown, TOut>;
const errorAt = <T extends HoursValues, TOut>(form: Form<T, TOut>, name: string) =>
  form.getFieldState(name as Path<T>, form.formState).error?.message;

/**
 * Operating Hours in the Business Info form: each weekday open (from, until) or closed, holiday hours
 * for single dates, and how long before closing the last table is seated. The site's hours box, the
 * booking forms' times and the server's checks all follow what is saved here.
 */
export function OpeningHoursCard<T extends HoursValues, TOut>({ form }: { form: Form<T, TOut> }) {
  const exceptions = useFieldArray({ control: form.control, name: 'openingHours.exceptions' as ArrayPath<T> });
  const seatingError = errorAt(form, 'openingHours.lastSeatingMinutes');
  return (
    <Card className="business-info-card business-hours-card" elevation={1}>
      <h3>Operating Hours</h3>
      <p className="muted business-hours-hint">Guests can book from opening until the last seating; a closed day offers no times.</p>
      <div className="opening-hours-week" role="group" aria-label="Weekly hours">
        {WEEKDAYS.map((d) => (
          <DayRow
            key={d}
            form={form}
            name={`openingHours.week.${d}`}
            id={`hours-${d}`}
            label={weekdayName(d)}
            fallback={DEFAULT_OPENING_HOURS.week[d]}
          />
        ))}
      </div>
      <Field id="hours-last-seating" label="Last seating" error={seatingError}>
        <Controller
          control={form.control}
          name={'openingHours.lastSeatingMinutes' as Path<T>}
          render={({ field }) => (
            <HTMLSelect
              id="hours-last-seating"
              ref={field.ref}
              value={String(field.value ?? '')}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              {...errorAria('hours-last-seating', seatingError)}
            >
              {LAST_SEATING_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {seatingText(m)}
                </option>
              ))}
            </HTMLSelect>
          )}
        />
      </Field>
      <h4 className="opening-hours-subhead">Holiday hours</h4>
      <p className="muted business-hours-hint">A date closed, or open other hours, whatever its weekday.</p>
      {exceptions.fields.length === 0 ? <p className="muted">No holiday hours.</p> : null}
      <ul className="opening-hours-exceptions">
        {exceptions.fields.map((item, i) => (
          <li key={item.id} className="opening-hours-exception">
            <ExceptionDate form={form} index={i} />
            <DayRow
              form={form}
              name={`openingHours.exceptions.${i}`}
              id={`holiday-${i}`}
              label="Hours"
              fallback={DEFAULT_OPENING_HOURS.week.monday}
            />
            {/* A closed holiday's note is its closure's reason: mailed to the guests whose bookings it cancels. */}
            <Field id={`holiday-${i}-note`} label="Note" optional hint={CLOSURE_REASON_HINT}>
              <InputGroup
                id={`holiday-${i}-note`}
                aria-describedby={`holiday-${i}-note-hint`}
                {...bpRegister(form, `openingHours.exceptions.${i}.note` as Path<T>)}
                placeholder="Thanksgiving"
              />
            </Field>
            <Button
              variant="minimal"
              intent="danger"
              icon={<TrashIcon />}
              text="Remove"
              aria-label={`Remove holiday hours ${i + 1}`}
              onClick={() => exceptions.remove(i)}
            />
          </li>
        ))}
      </ul>
      <Button
        icon={<PlusIcon />}
        text="Add holiday hours"
        onClick={() =>
          exceptions.append({ date: '', closed: true, open: '', close: '', note: '' } as HoursException as FieldArray<T, ArrayPath<T>>)
        }
      />
    </Card>
  );
}

function ExceptionDate<T extends HoursValues, TOut>({ form, index }: { form: Form<T, TOut>; index: number }) {
  const id = `holiday-${index}-date`;
  const error = errorAt(form, `openingHours.exceptions.${index}.date`);
  return (
    <Field id={id} label="Date" error={error}>
      {/* The café's date input (typed or picked), never the browser's own. */}
      <Controller
        control={form.control}
        name={`openingHours.exceptions.${index}.date` as Path<T>}
        render={({ field }) => (
          <AdminDateInput
            id={id}
            value={field.value ?? ''}
            onChange={(value) => field.onChange(value)}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
      />
    </Field>
  );
}

/** One day: a Closed box, and the opening and closing times (kept while closed, so unticking restores them). */
function DayRow<T extends HoursValues, TOut>(props: { form: Form<T, TOut>; name: string; id: string; label: string; fallback: DayHours }) {
  const { form, name, id, label, fallback } = props;
  const day = useWatch({ control: form.control, name: name as Path<T> }) as DayHours | undefined;
  const closed = day?.closed ?? false;
  const error = errorAt(form, `${name}.open`) ?? errorAt(form, `${name}.close`);
  const set = (field: keyof DayHours, value: string | boolean) =>
    form.setValue(`${name}.${field}` as Path<T>, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const timeSelect = (field: 'open' | 'close', text: string) => {
    const value = day?.[field] ?? '';
    const options = field === 'open' ? TIMES.slice(0, -1) : TIMES.slice(1);
    return (
      <HTMLSelect
        id={`${id}-${field}`}
        aria-label={`${label} ${text}`}
        value={value}
        disabled={closed}
        onChange={(e) => set(field, e.target.value)}
        {...errorAria(id, error)}
      >
        {value === '' ? <option value="">—</option> : null}
        {(options.includes(value) || value === '' ? options : [...options, value].sort()).map((t) => (
          <option key={t} value={t}>
            {timeText(t)}
          </option>
        ))}
      </HTMLSelect>
    );
  };
  return (
    <Field id={`${id}-open`} label={label} error={error} className="opening-hours-day">
      <div className="opening-hours-times">
        <Checkbox
          id={`${id}-closed`}
          label="Closed"
          checked={closed}
          onChange={(e) => {
            const nowClosed = e.currentTarget.checked;
            set('closed', nowClosed);
            // Reopening a day whose times were cleared starts from the café's usual hours.
            if (!nowClosed && !day?.open) set('open', fallback.open);
            if (!nowClosed && !day?.close) set('close', fallback.close);
          }}
        />
        {timeSelect('open', 'opens')}
        <span aria-hidden="true">to</span>
        {timeSelect('close', 'closes')}
      </div>
    </Field>
  );
}
