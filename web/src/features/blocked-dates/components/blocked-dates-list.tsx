import { Button, Tag } from '@blueprintjs/core';
import { formatLongDate, formatRange, rangeLength, type BlockedDate, type BlockedRangeRef } from '@cafe/contracts';

/** A row of the list: one blocked day, or the days still blocked by one range block. */
type Row = { kind: 'date'; block: BlockedDate } | { kind: 'range'; range: BlockedRangeRef; reason: string; dates: string[] };

/** Days of one range block share a row (at its first day), in date order with the single days. */
export function rowsOf(blocked: BlockedDate[]): Row[] {
  const rows: Row[] = [];
  const ranges = new Map<string, Extract<Row, { kind: 'range' }>>();
  for (const block of blocked) {
    if (!block.range) {
      rows.push({ kind: 'date', block });
      continue;
    }
    const row = ranges.get(block.range.id);
    if (row) row.dates.push(block.date);
    else {
      const next = { kind: 'range' as const, range: block.range, reason: block.reason, dates: [block.date] };
      ranges.set(block.range.id, next);
      rows.push(next);
    }
  }
  return rows;
}

interface BlockedDatesListProps {
  blocked: BlockedDate[];
  onUnblockDate: (id: string) => void;
  onUnblockRange: (id: string) => void;
  /** The id being unblocked, for its button's spinner. */
  pending: string | null;
}

export function BlockedDatesList({ blocked, onUnblockDate, onUnblockRange, pending }: BlockedDatesListProps) {
  return (
    <ul className="card-list" aria-label="Blocked dates">
      {rowsOf(blocked).map((row) => {
        if (row.kind === 'date') {
          const { block } = row;
          return (
            <li key={block.id} className="blocked-dates-row">
              <div>
                <strong>{formatLongDate(block.date)}</strong>
                <div className="blocked-dates-reason">{block.reason}</div>
              </div>
              <Button
                variant="outlined"
                onClick={() => onUnblockDate(block.id)}
                loading={pending === block.id}
                aria-label={`Unblock ${formatLongDate(block.date)}`}
              >
                Unblock
              </Button>
            </li>
          );
        }
        const { range, reason, dates } = row;
        const total = rangeLength(range.from, range.to);
        const label = formatRange(range.from, range.to);
        return (
          <li key={range.id} className="blocked-dates-row">
            <div>
              <strong>{label}</strong>{' '}
              <Tag minimal round className="blocked-dates-days">
                {dates.length === total ? `${total} ${total === 1 ? 'day' : 'days'}` : `${dates.length} of ${total} days`}
              </Tag>
              <div className="blocked-dates-reason">{reason}</div>
            </div>
            <Button
              variant="outlined"
              onClick={() => onUnblockRange(range.id)}
              loading={pending === range.id}
              aria-label={`Unblock ${label}`}
            >
              Unblock
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
