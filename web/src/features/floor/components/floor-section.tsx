import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useNarrow } from '../../../lib/use-media';
import { FloorEditor } from './floor-editor';
import { HostView } from './host-view';
import './floor.css';

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
