import { formatTime12, minutesOf, type FloorView, type StayOut } from '@cafe/contracts';
import { useOpeningHours } from '../../../lib/business-info';
import { useEffect, useRef } from 'react';
import { guestsText, hoursOf, stayLength, tablesText } from './host-status';

const ROW_PX = 34;
const HEAD_PX = 26;
const HOUR_PX = 96;

const hourLabel = (minutes: number) => formatTime12(`${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:00`).replace(':00', '');

/**
 * Tables × hours: each stay drawn once from its real start to its end, across the rows of every table it
 * holds (a combination's stay is one bar over its tables). A line marks the view's time.
 */
export function StayTimeline({ view, onOpen }: { view: FloorView; onOpen: (stay: StayOut) => void }) {
  const rows = view.tables.map((t) => t.name);
  const rowOf = new Map(rows.map((name, i) => [name, i]));
  const { from, to } = hoursOf(view, useOpeningHours());
  const width = ((to - from) / 60) * HOUR_PX;
  const x = (minutes: number) => ((minutes - from) / 60) * HOUR_PX;
  const hours = Array.from({ length: (to - from) / 60 + 1 }, (_, i) => from + i * 60);
  const height = HEAD_PX + rows.length * ROW_PX;
  const now = minutesOf(view.time);
  // The view's time in sight (on a phone the day is wider than the screen): an hour before it at the left.
  const scroller = useRef<HTMLDivElement>(null);
  const nowX = x(now);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = Math.max(0, nowX - HOUR_PX);
  }, [nowX]);
  return (
    <section className="stay-timeline" aria-labelledby="stay-timeline-title">
      <h3 id="stay-timeline-title">Timeline</h3>
      <div className="timeline-frame" style={{ height }}>
        <ul className="timeline-labels" style={{ paddingTop: HEAD_PX }} aria-hidden="true">
          {rows.map((name) => (
            <li key={name} style={{ height: ROW_PX }}>
              {name}
            </li>
          ))}
        </ul>
        <div className="timeline-scroll" ref={scroller}>
          <div className="timeline-track" style={{ width: width + HOUR_PX / 2, height }}>
            {hours.map((h) => (
              <span key={h} className="timeline-hour" style={{ left: x(h) }} aria-hidden="true">
                {hourLabel(h)}
              </span>
            ))}
            {rows.map((name, i) => (
              <span key={name} className="timeline-row" style={{ top: HEAD_PX + i * ROW_PX, height: ROW_PX }} aria-hidden="true" />
            ))}
            {now >= from && now <= to ? <span className="timeline-now" style={{ left: x(now), top: HEAD_PX }} aria-hidden="true" /> : null}
            <ul className="timeline-stays" aria-label="Stays by table">
              {view.stays.map((stay) => {
                const at = stay.tables.map((t) => rowOf.get(t)).filter((i): i is number => i !== undefined);
                if (!at.length) return null;
                const top = Math.min(...at);
                const bottom = Math.max(...at);
                const start = minutesOf(stay.time);
                const end = start + stayLength(stay);
                const over = stay.status === 'seated' && end < now;
                const label = `${stay.name}, ${guestsText(stay.partySize)}, ${tablesText(stay.tables)}, ${formatTime12(stay.time)} to ${formatTime12(stay.until)}`;
                return (
                  <li key={`${stay.kind}-${stay.bookingId}`}>
                    <button
                      type="button"
                      className={`timeline-stay stay-${stay.kind} stay-${stay.status}${over ? ' stay-over' : ''}`}
                      data-booking-id={stay.bookingId}
                      data-tables={stay.tables.join('+')}
                      style={{
                        left: x(start),
                        width: Math.max(x(end) - x(start), 12),
                        top: HEAD_PX + top * ROW_PX + 3,
                        height: (bottom - top + 1) * ROW_PX - 6,
                      }}
                      title={label}
                      onClick={() => onOpen(stay)}
                    >
                      <span className="timeline-stay-name">{stay.name}</span>
                      <span className="visually-hidden">{',\u00a0'}</span>
                      <span className="timeline-stay-size">{stay.partySize}</span>
                      <span className="visually-hidden">{`\u00a0${stay.partySize === 1 ? 'guest' : 'guests'}, ${tablesText(stay.tables)}, ${formatTime12(stay.time)} to ${formatTime12(stay.until)}`}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
