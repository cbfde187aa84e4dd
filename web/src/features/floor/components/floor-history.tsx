import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { errorDescription } from '../../../lib/api-client';
import { useFloorHistory } from '../api/floor';

/** The floor's History: each time it was set, when, by whom, and what changed ("Added table 7 (2–4 seats, online)"). */
export function FloorHistory() {
  const [open, setOpen] = useState(false);
  const history = useFloorHistory(open);
  return (
    <section className="floor-history" aria-labelledby="floor-history-title">
      <div className="floor-head">
        <h3 id="floor-history-title">History</h3>
        <Button variant="minimal" aria-expanded={open} onClick={() => setOpen(!open)} icon={open ? 'chevron-up' : 'chevron-down'}>
          {open ? 'Hide history' : 'Show history'}
        </Button>
      </div>
      {!open ? null : history.isPending ? (
        <Spinner size={24} aria-label="Loading the floor's history" />
      ) : history.isError ? (
        <Callout intent="danger">{errorDescription(history.error, 'The history could not be loaded.')}</Callout>
      ) : history.data.events.length === 0 ? (
        <p className="muted">The floor was never set.</p>
      ) : (
        <ol className="floor-history-list">
          {[...history.data.events].reverse().map((e) => (
            <li key={e.version}>
              <strong>{e.what}</strong>{' '}
              <span className="muted">
                · {e.when} · {e.by}
              </span>
              <ul>
                {e.lines.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
