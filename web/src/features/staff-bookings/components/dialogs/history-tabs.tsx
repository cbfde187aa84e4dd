import { DialogBody, Tab, Tabs } from '@blueprintjs/core';
import { useState, type ReactElement } from 'react';
import type { BookingKind } from '../../../../lib/booking-paths';
import { DialogActions } from '../../../../components/dialog-actions';
import { BookingHistoryList } from './booking-history';
import { GuestRecordPanel } from './guest-record-panel';

interface HistoryTabsProps {
  id: string;
  kind: BookingKind;
  bookingId: string;
  /** The dialog's own tab, shown first. */
  mainId: string;
  mainTitle: string;
  panel: ReactElement;
  /** The guest's e-mail: their record (visits, no-shows) gets a tab of its own. */
  email?: string;
  /** The read-only tabs end in the shared footer, Close its one (primary) button. */
  onClose: () => void;
}

/**
 * A staff booking dialog's own tab beside the booking's History (and the guest's record). Every tab ends
 * in the dialog's footer, and the dialog keeps one height whichever shows (components/staff-dialog.css).
 */
export function HistoryTabs({ id, kind, bookingId, mainId, mainTitle, panel, email, onClose }: HistoryTabsProps) {
  const [tab, setTab] = useState<string | number>(mainId);
  return (
    <Tabs id={id} selectedTabId={tab} onChange={setTab} renderActiveTabPanelOnly>
      <Tab id={mainId} title={mainTitle} panel={panel} />
      <Tab
        id="history"
        title="History"
        panel={
          <>
            <DialogBody>
              <BookingHistoryList kind={kind} id={bookingId} />
            </DialogBody>
            <DialogActions onClose={onClose} />
          </>
        }
      />
      {email !== undefined ? (
        <Tab
          id="guest"
          title="Guest"
          panel={
            <>
              <DialogBody>
                <GuestRecordPanel email={email} />
              </DialogBody>
              <DialogActions onClose={onClose} />
            </>
          }
        />
      ) : null}
    </Tabs>
  );
}
