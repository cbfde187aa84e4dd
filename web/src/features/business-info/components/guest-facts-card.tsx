import { Card, HTMLSelect } from '@blueprintjs/core';
import { LATE_HOLD_OPTIONS, type BusinessInfo } from '@cafe/contracts';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/form-fields';
import { errorAria, Field } from '../../../components/form/field';

/** The form's values of the guest facts (as GET /api/business-info answers them). */
export const guestFactValues = (info: BusinessInfo) => ({
  coverCharge: info.coverCharge,
  coverNote: info.coverNote,
  lateHoldMinutes: info.lateHoldMinutes,
  parkingNote: info.parkingNote,
  familyNote: info.familyNote,
  gamesTaught: info.gamesTaught,
  partySizeMin: info.partySizeMin,
  partySizeMax: info.partySizeMax,
  orderOnlineUrl: info.orderOnlineUrl,
  reviewsUrl: info.reviewsUrl,
  gameCollectionUrl: info.gameCollectionUrl,
});

type Form<T extends FieldValues, TOut> = { form: UseFormReturn<T, unknown, TOut> };
const number = { type: 'number', inputMode: 'numeric', registerOptions: { valueAsNumber: true } } as const;
const holdLabel = (minutes: number) => (minutes ? `${minutes} minutes` : 'Not held');

/**
 * What the landing page tells guests, in the Business Info form (the whole row on a wide screen): the play
 * cover, how long a table is held past its time, the parking and family notes and how many games staff
 * teach. An emptied note shows nothing.
 */
export function GuestFactsCard<T extends FieldValues, TOut>({ form }: Form<T, TOut>) {
  const holdError = form.getFieldState('lateHoldMinutes' as Path<T>, form.formState).error;
  return (
    <Card className="business-info-card business-facts-card" elevation={1}>
      <h3>What guests are told</h3>
      <p className="muted business-hours-hint">Shown on the landing page as you save them; an emptied note is not shown.</p>
      <div className="content-form-row">
        <TextField
          form={form}
          name={'coverCharge' as Path<T>}
          id="business-cover-charge"
          label="Play cover per player ($)"
          inputMode="decimal"
          placeholder="6.00"
        />
        <Field id="business-late-hold" label="Table held past its time" error={holdError?.message}>
          <Controller
            control={form.control}
            name={'lateHoldMinutes' as Path<T>}
            render={({ field }) => (
              <HTMLSelect
                id="business-late-hold"
                fill
                ref={field.ref}
                value={String(field.value ?? '')}
                onChange={(e) => field.onChange(Number(e.target.value))}
                onBlur={field.onBlur}
                {...errorAria('business-late-hold', holdError)}
              >
                {LATE_HOLD_OPTIONS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {holdLabel(minutes)}
                  </option>
                ))}
              </HTMLSelect>
            )}
          />
        </Field>
      </div>
      <div className="content-form-row">
        <TextField form={form} name={'coverNote' as Path<T>} id="business-cover-note" label="Cover note" optional />
        <TextField form={form} name={'gamesTaught' as Path<T>} id="business-games-taught" label="Games staff teach" min={0} {...number} />
      </div>
      <div className="content-form-row">
        <TextField form={form} name={'parkingNote' as Path<T>} id="business-parking-note" label="Parking note" optional />
        <TextField form={form} name={'familyNote' as Path<T>} id="business-family-note" label="Family note" optional />
      </div>
    </Card>
  );
}

/** The party sizes the public form takes, in the Seating card: the largest at most the seat capacity. */
export function PartySizeRow<T extends FieldValues, TOut>({ form }: Form<T, TOut>) {
  return (
    <div className="content-form-row">
      <TextField form={form} name={'partySizeMin' as Path<T>} id="business-party-min" label="Smallest party online" min={1} {...number} />
      <TextField form={form} name={'partySizeMax' as Path<T>} id="business-party-max" label="Largest party online" min={1} {...number} />
    </div>
  );
}

/** The café's pages elsewhere: its delivery provider, its reviews and its game collection (an emptied link is not shown). */
export function LinksCard<T extends FieldValues, TOut>({ form }: Form<T, TOut>) {
  return (
    <Card className="business-info-card" elevation={1}>
      <h3>Links</h3>
      {(
        [
          ['orderOnlineUrl', 'business-order-url', 'Order online link'],
          ['reviewsUrl', 'business-reviews-url', 'Reviews link'],
          ['gameCollectionUrl', 'business-collection-url', 'Game collection link'],
        ] as const
      ).map(([name, id, label]) => (
        <TextField
          key={name}
          form={form}
          name={name as Path<T>}
          id={id}
          label={label}
          optional
          type="url"
          placeholder="https://…"
          markInvalid={false}
        />
      ))}
    </Card>
  );
}
