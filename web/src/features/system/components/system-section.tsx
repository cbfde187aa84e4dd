import { GuestPrivacyPanel } from '../../guest-privacy';
import { EventLog } from './event-log';
import { ReadModels } from './read-models';
import './system.css';

/** The dashboard's System section: the read models (with their live rebuild), the event log and erasure on request. */
export default function SystemSection() {
  return (
    <div className="content-section system-section">
      <h2>System</h2>
      <ReadModels />
      <EventLog />
      <GuestPrivacyPanel />
    </div>
  );
}
