import type { DomainEvent } from '../commands/decider.js';
import { defineProjection, type Projection } from './projection.js';

/** What the read model adds to a record's own fields. */
export interface ContentDocMeta {
  _id: string;
  [key: string]: unknown;
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/**
 * The read model of a simple record with its own stream (a menu category, a café event…): the
 * created event makes the document, an updated event merges its fields in, the removed event
 * deletes it (the history stays in the stream). `idField` names the events' field holding the id.
 */
export function contentProjection<D extends ContentDocMeta, E extends DomainEvent>(spec: {
  name: string;
  idField: keyof E['data'] & string;
  created: E['type'];
  updated: E['type'];
  removed: E['type'];
}): Projection<D> {
  const idOf = (data: unknown) => (data as Record<string, string>)[spec.idField]!;
  return defineProjection<D>({
    name: spec.name,
    handles: [spec.created, spec.updated, spec.removed],
    documentIds: (event) => [idOf(event.data)],
    evolve: (doc, event) => {
      const { [spec.idField]: id, ...fields } = event.data as Record<string, unknown>;
      const at = event.metadata.occurredAt;
      const version = Number(event.revision);
      switch (event.type) {
        case spec.created:
          return { _id: id, id, ...fields, createdAt: at, updatedAt: at, version } as D;
        case spec.updated:
          return doc && { ...doc, ...fields, updatedAt: at, version };
        default:
          return null;
      }
    },
  });
}
