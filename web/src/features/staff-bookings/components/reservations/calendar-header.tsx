import { Button, ButtonGroup } from '@blueprintjs/core';
import { ChevronLeftIcon } from '@blueprintjs/icons/lib/esm/generated/components/chevron-left';
import { ChevronRightIcon } from '@blueprintjs/icons/lib/esm/generated/components/chevron-right';
import type { ReactNode } from 'react';

interface CalendarHeaderProps {
  id: string;
  title: string;
  /** 'week' or 'month': the buttons say which period they move. */
  unit: string;
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
  loading?: boolean;
  children?: ReactNode;
}

/** Previous / Today / Next above the week and month grids, and the period shown. */
export function CalendarHeader({ id, title, unit, onPrevious, onToday, onNext, loading, children }: CalendarHeaderProps) {
  return (
    <div className="cal-header" id={id}>
      <h3 className="cal-title" aria-live="polite" aria-busy={loading || undefined}>
        {title}
      </h3>
      <div className="cal-nav">
        <ButtonGroup>
          <Button icon={<ChevronLeftIcon />} onClick={onPrevious} aria-label={`Previous ${unit}`}>
            Previous
          </Button>
          <Button onClick={onToday}>Today</Button>
          <Button endIcon={<ChevronRightIcon />} onClick={onNext} aria-label={`Next ${unit}`}>
            Next
          </Button>
        </ButtonGroup>
        {children}
      </div>
    </div>
  );
}
