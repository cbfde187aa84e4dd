import { Button, Callout, Card } from '@blueprintjs/core';
import './content-layout.css';

/** Placeholders the size of the real cards, so nothing jumps when the list arrives. */
export function SkeletonCards({ count, className, tall }: { count: number; className: string; tall?: boolean }) {
  return (
    <div className={className} aria-busy="true" aria-label="Loading">
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
