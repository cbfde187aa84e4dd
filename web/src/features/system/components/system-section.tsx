import { Callout } from '@blueprintjs/core';
import { CogIcon } from '@blueprintjs/icons/lib/esm/generated/components/cog';
import type { ReactNode } from 'react';
import { EventLog } from './event-log';
import { ReadModels } from './read-models';
import './system.css';

/**
 * The dashboard's System section, the operators' place apart at the end of the navigation: the read
 * models (with their live rebuild) and the event log, then what the app adds below them (erasure on
 * request, src/app/system-section.tsx).
 */
export default function SystemSection({ privacy }: { privacy?: ReactNode }) {
  return (
    <div className="content-section system-section">
      <h2>System</h2>
      {/* Not the day's work: said at the top, so an owner who opens it by chance knows to leave it. */}
      <Callout className="system-operators-note" icon={<CogIcon />}>
        For operators: how the site's data is kept (read models, the event log) and erasure on request. Nothing here is needed for the day's
        bookings.
      </Callout>
      <ReadModels />
      <EventLog />
      {privacy}
    </div>
  );
}
