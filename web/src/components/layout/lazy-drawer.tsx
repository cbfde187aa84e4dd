import type { DrawerProps } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';

const BlueprintDrawer = lazy(() => import('@blueprintjs/core/lib/esm/components/drawer/drawer').then((m) => ({ default: m.Drawer })));

/**
 * Blueprint's Drawer, fetched the first time it opens: the page does not load the overlay, its
 * transitions and focus trap up front for a menu most visitors never open. Stays mounted afterwards,
 * so closing animates as before.
 */
export function Drawer(props: DrawerProps) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <BlueprintDrawer {...props} />
    </Suspense>
  ) : null;
}
