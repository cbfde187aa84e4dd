import { BOOKING_TONE_COLOURS, type BookingTone } from '@cafe/contracts';

const TONES: [BookingTone, string][] = [
  ['party', 'Party booking'],
  ['morning', 'Before noon'],
  ['afternoon', 'Noon – 5 PM'],
  ['evening', 'From 5 PM'],
];

/** What the calendar colours mean. */
export function ToneLegend() {
  return (
    <ul className="tone-legend" aria-label="Colour key">
      {TONES.map(([tone, label]) => (
        <li key={tone}>
          <span className={`tone-dot tone-${tone}`} data-colour={BOOKING_TONE_COLOURS[tone]} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
