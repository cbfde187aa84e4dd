import type { ReactNode } from 'react';
import { EventLog } from './event-log';
import { ReadModels } from './read-models';
import './system.css';

/**
 * The dashboard's System section: the read models (with their live rebuild) and the event log, then
 * what the app adds below them (erasure on request, src/app/system-section.tsx).
 */
export default function SystemSection({ privacy }: { privacy?: ReactNode }) {
  return (
    <div className="content-section system-section">
      <h2>System</h2>
      <ReadModels />
      <EventLog />
      {privacy}
    </div>
  );
}
