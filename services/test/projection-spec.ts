import { expect } from 'vitest';
import type { Actor } from '@cafe/contracts';
import type { RecordedEvent } from '../src/platform/event-store/event-store.js';
import type { Doc } from '../src/platform/document-store/document-store.js';
import type { Projection } from '../src/platform/projections/projection.js';

/** An event as the store would hand it to a projection: stream revisions count per stream, positions globally. */
export interface GivenEvent {
  stream: string;
  type: string;
  data: Record<string, unknown>;
  at?: string;
  actor?: Actor;
}

/**
 * given / when / then for projections, like the deciders' spec: fold events through `evolve` in
 * memory, exactly as the engine would (documentIds, then evolve per id, null deletes).
 *   projectionSpec(p).given([events]).when(event).then((docs) => …)
 */
export function projectionSpec<D extends Doc>(projection: Projection<D>) {
  const apply = (docs: Map<string, D>, event: RecordedEvent) => {
    if (!projection.handles.includes(event.type)) return;
    for (const id of projection.documentIds(event)) {
      const next = projection.evolve(docs.get(id) ?? null, event, id);
      if (next) docs.set(id, next);
      else docs.delete(id);
    }
  };
  return {
    given(events: GivenEvent[]) {
      const record = recorder();
      const docs = new Map<string, D>();
      for (const e of events) apply(docs, record(e));
      const then = (assert: (docs: Map<string, D>) => void) => assert(docs);
      return {
        when(event: GivenEvent) {
          apply(docs, record(event));
          return {
            then,
            thenDocument(id: string, expected: Partial<D>) {
              expect(docs.get(id), `document ${id}`).toMatchObject(expected);
            },
            thenNoDocument(id: string) {
              expect(docs.has(id), `document ${id} should be gone`).toBe(false);
            },
          };
        },
      };
    },
  };
}

/** Numbers events as one store would: a revision per stream, one position for all. */
function recorder() {
  const revisions = new Map<string, bigint>();
  let position = 0n;
  return (e: GivenEvent): RecordedEvent => {
    const revision = (revisions.get(e.stream) ?? -1n) + 1n;
    revisions.set(e.stream, revision);
    position += 1n;
    return {
      id: `event-${position}`,
      type: e.type,
      streamId: e.stream,
      revision,
      position,
      data: e.data,
      metadata: {
        occurredAt: e.at ?? '2026-11-18T16:00:00.000Z',
        actor: e.actor ?? { kind: 'visitor' },
        correlationId: `request-${position}`,
        causationId: `request-${position}`,
      },
      recordedAt: e.at ?? '2026-11-18T16:00:00.000Z',
    };
  };
}
