import { Button, Tag, type Intent } from '@blueprintjs/core';
import { ARRIVAL_LABELS, ARRIVAL_NEXT, type ArrivalStatus, type CalendarEntry } from '@cafe/contracts';
import { errorDescription } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toaster';
import { useMarkArrival } from '../../api/arrivals';

const INTENT: Record<ArrivalStatus, Intent> = {
  expected: 'none',
  arrived: 'warning',
  seated: 'success',
  finished: 'none',
  'no-show': 'danger',
};

/** The button for going to a status: forward by its name, back to expected as "Undo". */
const ACTION: Record<ArrivalStatus, string> = {
  expected: 'Undo',
  arrived: 'Arrived',
  seated: 'Seated',
  finished: 'Finished',
  'no-show': 'No-show',
};

interface ArrivalControlProps {
  entry: Pick<CalendarEntry, 'kind' | 'id' | 'name' | 'date'>;
  status: ArrivalStatus;
  walkIn?: boolean;
  /** Only on or after the booking's day can its guests arrive (the server says so too). */
  today: string;
}

/** A booking's arrival status and the moves staff can make from it (one tap each, undo included). */
export function ArrivalControl({ entry, status, walkIn, today }: ArrivalControlProps) {
  const mark = useMarkArrival(entry.kind, {
    onError: (error) =>
      toast({ title: 'Could not mark the arrival', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const moves = entry.date > today ? ARRIVAL_NEXT[status].filter((s) => s === 'expected') : ARRIVAL_NEXT[status];
  const what = `${entry.name}'s ${entry.kind === 'party' ? 'party' : 'reservation'}`;
  return (
    <div className="arrival-control" data-arrival={status}>
      <Tag minimal={status === 'expected'} round intent={INTENT[status]} className="arrival-tag">
        {ARRIVAL_LABELS[status]}
        {walkIn ? ' · walk-in' : ''}
      </Tag>
      <div className="arrival-moves">
        {moves.map((next) => (
          <Button
            key={next}
            size="small"
            variant={next === 'expected' ? 'minimal' : 'outlined'}
            intent={next === 'no-show' ? 'danger' : 'none'}
            disabled={mark.isPending}
            onClick={(ev) => {
              ev.stopPropagation();
              mark.mutate({ id: entry.id, status: next });
            }}
            aria-label={next === 'expected' ? `Undo: mark ${what} expected` : `Mark ${what} ${ARRIVAL_LABELS[next].toLowerCase()}`}
          >
            {ACTION[next]}
          </Button>
        ))}
      </div>
    </div>
  );
}
