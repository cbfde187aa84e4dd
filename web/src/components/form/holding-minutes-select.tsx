import { HOLDING_MINUTES_OPTIONS, holdingLabel } from '@cafe/contracts';
import type { FieldValues } from 'react-hook-form';
import { BoundSelect, type BoundSelectProps } from './bound-select';

const OPTIONS = HOLDING_MINUTES_OPTIONS.map((minutes) => ({ value: minutes, label: holdingLabel(minutes) }));
const minutesOf = (value: string) => (value === '' ? '' : Number(value));

/** How long seats are held (Business Info's table holding time, an event's length): the contract's choices, in minutes. */
export function HoldingMinutesSelect<T extends FieldValues, TOut>(props: Omit<BoundSelectProps<T, TOut>, 'options' | 'parse'>) {
  return <BoundSelect {...props} options={OPTIONS} parse={minutesOf} />;
}
