import { Button } from '@blueprintjs/core';
import { useFieldArray } from 'react-hook-form';
import { TextField } from '../../../components/form/form-fields';
import { asNumber, type FloorForm } from './floor-form';

/** How long a party stays by its size, how far a requested game may lengthen it, and how far online bookings may oversize a table. */
export function EditorStays({ form }: { form: FloorForm }) {
  const bands = useFieldArray({ control: form.control, name: 'stays.bands' });
  const bandsError = form.formState.errors.stays?.bands;
  const bandsMessage = bandsError?.message ?? bandsError?.root?.message;
  return (
    <section className="floor-editor-stays" aria-labelledby="floor-stays-title">
      <div className="floor-head">
        <h3 id="floor-stays-title">Stays</h3>
        <Button
          icon="add"
          onClick={() => {
            const last = form.getValues('stays.bands')?.at(-1);
            bands.append({ fromGuests: (last?.fromGuests ?? 0) + 2, minutes: last?.minutes ?? 120 }, { shouldFocus: false });
          }}
        >
          Add stay length
        </Button>
      </div>
      <p className="muted">A party stays by its size; a requested game lengthens the stay to its playing time, up to the bound below.</p>
      {bandsMessage ? (
        <p className="floor-error" role="alert">
          {bandsMessage}
        </p>
      ) : null}
      <ul className="floor-table-rows">
        {bands.fields.map((field, b) => (
          <li key={field.id} className="floor-table-row floor-band-row" aria-label={`Stay length ${b + 1}`}>
            <TextField
              form={form}
              name={`stays.bands.${b}.fromGuests`}
              id={`floor-band-${b}-from`}
              label="From guests"
              type="number"
              min={1}
              registerOptions={asNumber}
            />
            <TextField
              form={form}
              name={`stays.bands.${b}.minutes`}
              id={`floor-band-${b}-minutes`}
              label="Minutes"
              type="number"
              min={30}
              step={15}
              registerOptions={asNumber}
            />
            <Button
              variant="minimal"
              intent="danger"
              icon="cross"
              disabled={bands.fields.length === 1}
              onClick={() => bands.remove(b)}
              aria-label={`Remove stay length ${b + 1}`}
            />
          </li>
        ))}
      </ul>
      <div className="floor-stay-bounds">
        <TextField
          form={form}
          name="stays.gameMaxMinutes"
          id="floor-game-max"
          label="A game lengthens a stay up to (minutes)"
          type="number"
          min={30}
          step={15}
          registerOptions={asNumber}
        />
        <TextField
          form={form}
          name="maxOversizeOnline"
          id="floor-oversize"
          label="Online, at most this many seats too big"
          type="number"
          min={0}
          registerOptions={asNumber}
          hint="A couple never takes a 6-top online with 2."
        />
      </div>
    </section>
  );
}
