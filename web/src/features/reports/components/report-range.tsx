import { Button, ButtonGroup, FormGroup } from '@blueprintjs/core';
import { addDays, REPORT_MAX_DAYS, REPORT_ORDER_MESSAGE, REPORT_RANGE_MESSAGE } from '@cafe/contracts';
import { CalendarDateInput } from '../../../components/form/calendar-date-input';
import { localDate } from '../../../lib/cafe-time';
import type { ReportRange } from '../api/get-report';

/** Ready-made ranges ending today (café date). */
export function presetRange(preset: 'week' | 'month' | 'quarter' | 'this-month', today: string): ReportRange {
  switch (preset) {
    case 'week':
      return { from: addDays(today, -6), to: today };
    case 'month':
      return { from: addDays(today, -29), to: today };
    case 'quarter':
      return { from: addDays(today, -89), to: today };
    case 'this-month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

const PRESETS = [
  ['week', '7 days'],
  ['month', '30 days'],
  ['quarter', '90 days'],
  ['this-month', 'This month'],
] as const;

const days = (r: ReportRange) => Math.round((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000) + 1;

/** The range's problem in the contract's words, or null when the server will take it. */
export function rangeProblem(r: ReportRange): string | null {
  if (!r.from || !r.to) return 'Please pick both dates';
  if (r.from > r.to) return REPORT_ORDER_MESSAGE;
  if (days(r) > REPORT_MAX_DAYS) return REPORT_RANGE_MESSAGE;
  return null;
}

interface ReportRangeProps {
  value: ReportRange;
  today: string;
  onChange: (range: ReportRange) => void;
}

/** From and To (Blueprint's date inputs), and the usual ranges one click away. */
export function ReportRangePicker({ value, today, onChange }: ReportRangeProps) {
  const min = localDate(addDays(today, -3 * 366));
  const max = localDate(addDays(today, 366));
  const problem = rangeProblem(value);
  return (
    <div className="report-range" role="group" aria-label="Report dates">
      {(['from', 'to'] as const).map((end) => (
        <FormGroup key={end} label={end === 'from' ? 'From' : 'To'} labelFor={`report-${end}`} className="report-range-field">
          <CalendarDateInput
            id={`report-${end}`}
            value={value[end]}
            onChange={(date) => onChange({ ...value, [end]: date })}
            minDate={min}
            maxDate={max}
            placeholder="MM/DD/YYYY"
            invalid={!!problem}
            describedBy="report-range-problem"
          />
        </FormGroup>
      ))}
      <ButtonGroup className="report-presets" aria-label="Ready-made ranges">
        {PRESETS.map(([preset, text]) => {
          // The preset the dates match shows as chosen, as the dashboard's view switch does.
          const range = presetRange(preset, today);
          const chosen = range.from === value.from && range.to === value.to;
          return (
            <Button
              key={preset}
              text={text}
              active={chosen}
              intent={chosen ? 'primary' : 'none'}
              aria-pressed={chosen}
              onClick={() => onChange(range)}
            />
          );
        })}
      </ButtonGroup>
      <p id="report-range-problem" className="report-range-problem" role="status">
        {problem ?? ''}
      </p>
    </div>
  );
}
