import { Button, Callout, Card, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './content-layout.css';

/**
 * Placeholders the size of the real cards, so nothing jumps when the list arrives. A status, so its
 * "Loading" name is one a screen reader may read (a bare div may not carry a label).
 */
export function SkeletonCards({ count, className, tall }: { count: number; className: string; tall?: boolean }) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className={`skeleton-card bp6-skeleton${tall ? ' skeleton-card-tall' : ''}`} />
      ))}
    </div>
  );
}

export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Callout intent="danger" role="alert" title={`Could not load ${what}`}>
      <Button size="small" text="Try again" onClick={onRetry} />
    </Callout>
  );
}

interface QueryStatesProps {
  pending: boolean;
  error: boolean;
  onRetry: () => void;
  /** Names what failed to load: 'the events'. */
  what: string;
  skeleton: { count: number; className: string; tall?: boolean };
  /** Shown instead of the content when there is nothing yet. */
  empty?: { when: boolean; title: string; description: string };
  children: () => ReactNode;
}

/** A list while it loads (placeholders), when it failed (with a retry), when it is empty, and then itself. */
export function QueryStates({ pending, error, onRetry, what, skeleton, empty, children }: QueryStatesProps) {
  if (pending) return <SkeletonCards {...skeleton} />;
  if (error) return <LoadError what={what} onRetry={onRetry} />;
  if (empty?.when) return <NonIdealState title={empty.title} description={empty.description} />;
  return <>{children()}</>;
}
