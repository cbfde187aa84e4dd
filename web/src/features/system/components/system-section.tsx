import { EventLog } from './event-log';
import { ReadModels } from './read-models';
import './system.css';

/** The dashboard's System section: the read models (with their live rebuild) and the event log. */
export default function SystemSection() {
  return (
    <div className="content-section system-section">
      <h2>System</h2>
      <ReadModels />
      <EventLog />
    </div>
  );
}
