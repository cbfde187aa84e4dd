import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupUsage, LOG_POSITIONS, PROJECTOR_FIRST } from './ops-backup.js';

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

describe('the restore instructions and `npm run ops -- restore`', () => {
  const readme = read('README.md');
  const backups = section(readme, '### Backups');
  const restoreSteps = backups.slice(backups.indexOf('To restore, in this order'));

  it('name every ops command backup and restore take, as the usage says them', () => {
    const usage = [...backupUsage.matchAll(/^ {2}(\S+ \S+)/gm)].map((m) => m[1]!);
    expect(usage).toEqual(['backup <folder>', 'restore <folder>', 'restore --read-models']);
    for (const command of usage) expect(readme).toContain(`npm run ops -- ${command}`);
  });

  it("on the real servers, drop the old log's positions as the code names them, then start the projector before the gateway", () => {
    expect(restoreSteps).toContain('npm run ops -- restore --read-models');
    for (const collection of LOG_POSITIONS) expect(restoreSteps).toContain(`\`${collection}\``);
    expect(restoreSteps).not.toMatch(/ops -- rebuild/);
    const projector = restoreSteps.indexOf('docker compose up -d projector');
    const gateway = restoreSteps.indexOf('Then the gateway (`docker compose up -d`)');
    expect(projector).toBeGreaterThan(restoreSteps.indexOf('restore --read-models'));
    expect(gateway).toBeGreaterThan(projector);
    // What ops prints once it has dropped them says the same.
    expect(PROJECTOR_FIRST).toMatch(
      /^Start the projector first \(docker compose up -d projector\).*Then the gateway \(docker compose up -d\)\.$/,
    );
  });

  it('embedded, start the gateway on the restored DATA_DIR, as ops restore says', () => {
    const embedded = backups.slice(0, backups.indexOf('**Real servers'));
    expect(embedded).toMatch(/into `DATA_DIR` only when that folder is empty or missing/);
    expect(embedded).toContain('Then start the gateway: it builds every read model from the restored events');
    expect(read('services/src/bin/ops-backup.ts')).toContain('Start the gateway: it rebuilds the read models from the events.');
  });
});
