import { HTMLSelect } from '@blueprintjs/core';
import { eventTimesFor, formatTime12, slotsFor, type Availability, type OpeningHours } from '@cafe/contracts';
import { offeredSlots } from '../../lib/offered-slots';
import type { Ref } from 'react';
import { useOpeningHours } from '../../lib/business-info';
import './time-select.css';

export const FULLY_BOOKED_LABEL = 'Fully booked';

interface TimeSelectProps {
  id: string;
  date: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  selectRef?: Ref<HTMLSelectElement>;
  invalid?: boolean;
  describedBy?: string;
  /**
   * The café's today and the date's availability (GET /api/availability, by the server's clock, null while
   * it loads): today offers only the slots it lists, none the café's clock has passed. Absent: the hours' slots.
   */
  today?: string;
  availability?: Availability | null;
  /** Seats left per slot: a slot with fewer than `partySize` is marked fully booked (and disabled, unless `fullAllowed`). */
  seatsLeft?: ReadonlyMap<string, number>;
  partySize?: number;
  /** Staff may still pick a full time (the server asks them to book anyway): marked, not disabled. */
  fullAllowed?: boolean;
  /** Event start times (open until half an hour before closing, any on a closed day) instead of table slots. */
  forEvents?: boolean;
}

/** Slots of the date too full for this party (none when seats are not known). */
export function fullSlots(date: string, seatsLeft: ReadonlyMap<string, number> | undefined, partySize = 1, hours?: OpeningHours): string[] {
  if (!date || !seatsLeft) return [];
  return slotsFor(date, hours).filter((slot) => (seatsLeft.get(slot) ?? Infinity) < partySize);
}

/**
 * Time choices appear only once a date is chosen: the date's 30-minute slots while the café is open
 * (none on a closed day) that have not passed, in 12-hour time. A stored booking's time stays listed
 * when the hours no longer offer it (or it has passed), so editing its other details does not lose it.
 */
export function TimeSelect(props: TimeSelectProps) {
  const { id, date, value, onChange, onBlur, selectRef, invalid, describedBy, seatsLeft, partySize, forEvents, fullAllowed } = props;
  const hours = useOpeningHours();
  const open = date ? (forEvents ? eventTimesFor(date, hours) : offeredSlots(date, hours, props.today, props.availability)) : [];
  const slots = value && !open.includes(value) ? [...open, value].sort() : open;
  const full = new Set(fullSlots(date, seatsLeft, partySize, hours));
  return (
    <HTMLSelect
      id={id}
      ref={selectRef}
      fill
      value={value}
      disabled={!date}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={invalid ? 'select-invalid' : undefined}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    >
      <option value="">{date ? 'Select time' : 'Select date first'}</option>
      {slots.map((slot) => (
        <option key={slot} value={slot} disabled={full.has(slot) && !fullAllowed}>
          {full.has(slot) ? `${formatTime12(slot)} (${FULLY_BOOKED_LABEL})` : formatTime12(slot)}
        </option>
      ))}
    </HTMLSelect>
  );
}
