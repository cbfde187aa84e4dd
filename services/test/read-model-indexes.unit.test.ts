import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { features } from '../src/features.js';
import { allProjections } from '../src/platform/runtime/runtime.js';
import { SESSIONS_TTL_INDEX } from '../src/platform/sessions/mongo-session-store.js';
import { whyIndexDoesNotServe } from './index-plan.js';

const root = new URL('../../', import.meta.url).pathname;

/** Every MongoDB index the code creates, with the collection it belongs to and its one owner. */
function declaredIndexes() {
  return [
    ...allProjections(features).flatMap((p) =>
      (p.indexes ?? []).map((index) => ({ collection: p.name, owner: `projection ${p.name}`, ...index })),
    ),
    { collection: 'sessions', owner: 'MongoSessionStore', ...SESSIONS_TTL_INDEX },
  ];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('MongoDB indexes have one owner each', () => {
  it('no two definitions give the same keys of a collection different names, or one name different keys', () => {
    const seen = new Map<string, { name: string; owner: string }>();
    const names = new Map<string, string>();
    for (const index of declaredIndexes()) {
      const keys = `${index.collection} ${JSON.stringify(index.key)}`;
      const before = seen.get(keys);
      // The same constant declared by two read models is one definition; another name for the same keys is the crash.
      if (before) expect(`${index.name}`, `${keys}: ${before.owner} names it ${before.name}`).toBe(before.name);
      seen.set(keys, { name: index.name, owner: index.owner });
      const named = `${index.collection} ${index.name}`;
      if (names.has(named)) expect(JSON.stringify(index.key)).toBe(names.get(named));
      names.set(named, JSON.stringify(index.key));
    }
    expect(seen.size).toBeGreaterThanOrEqual(4);
  });

  it('infra scripts and the compose file create no index: the code that uses a collection does', () => {
    const infra = filesUnder(join(root, 'infra')).filter((f) => /\.(js|sh|ya?ml)$/.test(f));
    for (const file of [...infra, join(root, 'docker-compose.yml')]) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/createIndex|ensureIndex|indexes\.js/);
    }
  });
});

describe('the index planner used by the read-model index checks', () => {
  const query = { collection: 'reservations', filter: { date: { $gte: '2026-11-18' } }, sort: { date: 1, time: 1, createdAt: 1 } } as const;

  it('accepts an index that bounds the range and gives the sort with its _id tie-break', () => {
    expect(whyIndexDoesNotServe({ name: 'ok', key: { date: 1, time: 1, createdAt: 1, _id: 1 } }, query)).toBeNull();
    expect(whyIndexDoesNotServe({ name: 'reversed', key: { date: -1, time: -1, createdAt: -1, _id: -1 } }, query)).toBeNull();
  });

  it('refuses the old infra index (date, time), which leaves createdAt and _id to an in-memory sort', () => {
    expect(whyIndexDoesNotServe({ name: 'date_time', key: { date: 1, time: 1 } }, query)).toMatch(/cannot give the sort/);
  });

  it('refuses an index that leaves a range unbounded or mixes directions', () => {
    const sized = { ...query, filter: { partySize: { $gte: 4 } } };
    expect(whyIndexDoesNotServe({ name: 'ok', key: { date: 1, time: 1, createdAt: 1, _id: 1 } }, sized)).toMatch(
      /bounds none of partySize/,
    );
    const both = { ...query, filter: { ...query.filter, partySize: { $gte: 4 } } };
    expect(whyIndexDoesNotServe({ name: 'ok', key: { date: 1, time: 1, createdAt: 1, _id: 1 } }, both)).toBeNull();
    expect(whyIndexDoesNotServe({ name: 'mixed', key: { date: 1, time: -1, createdAt: 1, _id: 1 } }, query)).toMatch(
      /cannot give the sort/,
    );
  });
});
