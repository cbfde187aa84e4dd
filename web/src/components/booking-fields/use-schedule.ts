import { useState } from 'react';
import { blockedDateMessage } from '@cafe/contracts';
import { closedReasonOf, useBlockedDates } from '../../lib/blocked-dates';

/**
 * The shared date rule of both public forms: a blocked date clears date and time and says why;
 * any other date clears the time (its slots may differ).
 */
export function useSchedule(setDateAndTime: (date: string, time: string, closed: boolean) => void) {
  const blocked = useBlockedDates();
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const onDateChange = (date: string) => {
    const reason = date ? closedReasonOf(blocked.data, date) : null;
    if (reason !== null) {
      setClosedMessage(blockedDateMessage(reason));
      setDateAndTime('', '', true);
      return;
    }
    setClosedMessage(null);
    setDateAndTime(date, '', false);
  };
  return { closedMessage, onDateChange, clearClosed: () => setClosedMessage(null) };
}
