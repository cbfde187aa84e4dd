import { Checkbox, HTMLSelect } from '@blueprintjs/core';
import { EVENT_FLOOR_HINT, hasTables, type CafeEventFields, type CafeEventInput } from '@cafe/contracts';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field, errorAria } from '../../../components/form/field';
import { useEventFloor } from '../api/event-floor';

type Form = UseFormReturn<CafeEventInput, unknown, CafeEventFields>;
const CHOSEN = 'tables';

/**
 * With a floor: the area or tables the event takes for its time ("Takes": no tables, an area, or tables
 * ticked one by one); no booking gets them then. Without a floor (and nothing chosen before) it is not shown.
 */
export function EventFloorFields({ form }: { form: Form }) {
  const { data: floor } = useEventFloor();
  const area = useWatch({ control: form.control, name: 'area' }) ?? '';
  const tables = useWatch({ control: form.control, name: 'tables' }) ?? [];
  // "Chosen tables" stays chosen while none is ticked yet.
  const [picking, setPicking] = useState(false);
  const choice = area ? `area:${area}` : picking || tables.length ? CHOSEN : '';
  const errors = form.formState.errors;
  const error = errors.area?.message ?? errors.tables?.message;
  if (!hasTables(floor) && !area && tables.length === 0) return null;
  const areas = floor?.areas ?? [];
  const set = (name: 'area' | 'tables', value: string | string[]) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const choose = (value: string) => {
    setPicking(value === CHOSEN);
    set('area', value.startsWith('area:') ? value.slice('area:'.length) : '');
    if (value !== CHOSEN) set('tables', []);
  };
  const tick = (name: string, on: boolean) => set('tables', on ? [...tables, name] : tables.filter((t) => t !== name));

  return (
    <>
      <Field id="event-floor" label="Takes" optional hint={EVENT_FLOOR_HINT} error={error}>
        <HTMLSelect
          id="event-floor"
          value={choice}
          onChange={(e) => choose(e.currentTarget.value)}
          fill
          {...(error ? errorAria('event-floor', error) : { 'aria-describedby': 'event-floor-hint' })}
        >
          <option value="">No tables (seats as usual)</option>
          {areas.map((a) => (
            <option key={a.name} value={`area:${a.name}`}>
              {`Area: ${a.name}`}
            </option>
          ))}
          {area && !areas.some((a) => a.name === area) ? <option value={`area:${area}`}>{`Area: ${area}`}</option> : null}
          <option value={CHOSEN}>Chosen tables</option>
        </HTMLSelect>
      </Field>
      {choice === CHOSEN ? (
        <fieldset className="event-floor-tables" aria-label="Tables the event takes">
          {areas.map((a) => (
            <div key={a.name} role="group" aria-label={a.name}>
              <span className="event-floor-area">{a.name}</span>
              {a.tables.map((t) => (
                <Checkbox
                  key={t.name}
                  inline
                  label={`Table ${t.name}`}
                  checked={tables.includes(t.name)}
                  onChange={(e) => tick(t.name, e.currentTarget.checked)}
                />
              ))}
            </div>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
