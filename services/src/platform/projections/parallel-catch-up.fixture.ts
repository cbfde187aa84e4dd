/** Projections a catch-up worker loads in projection-engine.parallel.int.test.ts (a module of their own, as the worker needs). */
import type { Doc } from '../document-store/document-store.js';
import { defineProjection } from './projection.js';

export const fixtureProjections = [
  defineProjection<Doc & { n: number; last: string }>({
    name: 'tallies',
    handles: ['Counted', 'Reset'],
    documentIds: (e) => [(e.data as { key: string }).key],
    evolve: (doc, e, id) => (e.type === 'Reset' ? null : { _id: id, n: (doc?.n ?? 0) + 1, last: String(e.position) }),
  }),
  defineProjection<Doc & { keys: number }>({
    name: 'totals',
    handles: ['Counted'],
    documentIds: () => ['all'],
    evolve: (doc, _e, id) => ({ _id: id, keys: (doc?.keys ?? 0) + 1 }),
  }),
  defineProjection<Doc & { seen: boolean }>({
    name: 'resets',
    handles: ['Reset'],
    documentIds: (e) => [(e.data as { key: string }).key],
    evolve: (_doc, _e, id) => ({ _id: id, seen: true }),
  }),
];
