import { Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FloorEditor } from './floor-editor';
import { HostView } from './host-view';
import './floor.css';

function useNarrow(query = '(max-width: 767px)'): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const onChange = () => setMatches(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** The dashboard's Floor: the host's view of who sits where until when, and the floor as staff draw it. */
export default function FloorSection() {
  const narrow = useNarrow();
  const [tab, setTab] = useState<'host' | 'edit'>('host');
  return (
    <div className="floor-section">
      <h2>Floor</h2>
      <Tabs id="floor-tabs" selectedTabId={tab} onChange={(id) => setTab(id === 'edit' ? 'edit' : 'host')} renderActiveTabPanelOnly>
        <Tab id="host" title="Host view" panel={<HostView narrow={narrow} onEditFloor={() => setTab('edit')} />} />
        <Tab id="edit" title="Edit floor" panel={<FloorEditor />} />
      </Tabs>
    </div>
  );
}
