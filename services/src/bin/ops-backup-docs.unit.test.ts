import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The backup instructions are the restore path for guests' data: the events are sealed under keys kept
 * beside them (crypto-shredding), so a backup without the keys is a backup of nothing readable.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** A markdown section: its heading line up to the next heading of the same or a higher level. */
const section = (text: string, heading: string) => {
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const level = heading.split(' ')[0]!.length;
  const rest = text.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
};
/** The collection the real-server key store uses, as the code names it. */
const keyCollection = /collection<\w+>\('(\w+)'\)/.exec(read('services/src/platform/personal-data/mongo-guest-key-store.ts'))![1]!;
/** What each `mongodump` in a text selects: the whole database (null) or its --collection names. */
const dumps = (text: string) =>
  [...text.matchAll(/mongodump[^`\n]*/g)].map(([command]) => {
    const collections = [...command.matchAll(/--collection[ =](\S+)/g)].map((m) => m[1]!);
    return collections.length ? collections : null;
  });

describe('the backup instructions for the real servers', () => {
  const backups = section(read('README.md'), '### Backups');
  const realServers = backups.slice(backups.indexOf('**Real servers'));
  const eventStoreDb = read('infra/eventstoredb/README.md');

  it(`back up MongoDB's ${keyCollection} with the events: without the keys every guest is crypto-shredded`, () => {
    expect(keyCollection).toBe('guest_keys');
    expect(realServers).toContain(`\`${keyCollection}\``);
    expect(realServers).not.toMatch(/MongoDB holds only derived data/);
    // Some dump takes the keys: by name, or the whole database.
    expect(dumps(realServers).some((collections) => collections === null || collections.includes(keyCollection))).toBe(true);
    expect(realServers).toContain('GUEST_DATA_SECRET');
  });

  it('never call the event store the only state that cannot be rebuilt', () => {
    expect(eventStoreDb).not.toMatch(/only state that cannot be rebuilt/);
    expect(eventStoreDb).not.toMatch(/Every read model in MongoDB can be thrown away/);
    expect(eventStoreDb).toContain(`\`${keyCollection}\``);
    expect(eventStoreDb).toContain('GUEST_DATA_SECRET');
  });
});
