import { HTMLSelect } from '@blueprintjs/core';
import { formatTime12, slotsFor } from '@cafe/contracts';
import type { Ref } from 'react';
import '../booking-form.css';

interface TimeSelectProps {
  id: string;
  date: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  selectRef?: Ref<HTMLSelectElement>;
  invalid?: boolean;
  describedBy?: string;
}

/** Time choices appear only once a date is chosen: that weekday's 30-minute slots, in 12-hour time. */
export function TimeSelect({ id, date, value, onChange, onBlur, selectRef, invalid, describedBy }: TimeSelectProps) {
  const slots = date ? slotsFor(date) : [];
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
        <option key={slot} value={slot}>
          {formatTime12(slot)}
        </option>
      ))}
    </HTMLSelect>
  );
}
