import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const run = promisify(execFile);

// The clock says Wednesday 2026-11-18, 10:00 in Chicago.
describe('the living demo (SEED_DEMO)', () => {
  const dirs: string[] = [];
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cafe-seed-'));
    dirs.push(dir);
    return dir;
  };
  const json = async (url: string) => (await t!.app.inject(url)).json();

  it('a fresh start shows seeded content at /api/menu/items, /api/gallery and /api/events; a restart does not seed again', async () => {
    const dataDir = freshDir();
    t = await createTestApp({ dataDir, env: { SEED_DEMO: 'true' } });

    const items = (await json('/api/menu/items')) as { name: string; price: string; categoryId: string }[];
    expect(items.length).toBe(21);
    expect(items.find((i) => i.name === 'Margherita')).toMatchObject({ price: '13.50', categoryId: 'pizzas' });
    const categories = (await json('/api/menu/categories')) as { name: string }[];
    expect(categories.map((c) => c.name)).toEqual(['Pizzas', 'Subs & Wraps', 'Salads', 'Drinks']);

    const gallery = (await json('/api/gallery')) as { url: string; isFeatured: boolean; sortOrder: number; width: number }[];
    expect(gallery).toHaveLength(8);
    expect(gallery.filter((g) => g.isFeatured).map((g) => g.sortOrder)).toEqual([0, 1, 2, 3]);
    const photo = await t.app.inject(gallery[0]!.url);
    expect(photo.statusCode).toBe(200);
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });

    const events = (await json('/api/events')) as { title: string; event_date: string; startsAt: string }[];
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const e of events) expect(e.event_date > '2026-11-18').toBe(true);
    expect(events.find((e) => e.title === 'Friday Night Game Night')).toMatchObject({
      event_date: '2026-11-20',
      event_time: '19:00',
      startsAt: '2026-11-21T01:00:00.000Z',
    });

    // Game nights: a weekly learn-to-play night and a monthly tournament, each date with its own places.
    expect(events.find((e) => e.title === 'Learn-to-Play Tuesday')).toMatchObject({ repeat: 'weekly', max_attendees: 12 });
    expect(events.find((e) => e.title === 'Catan Tournament')).toMatchObject({ repeat: 'monthly', max_attendees: 32 });
    const dates = (await json('/api/events/occurrences')) as { eventId: string; placesLeft: number }[];
    expect(dates.filter((o) => o.eventId === 'demo-learn-to-play-wingspan').map((o) => o.placesLeft)).toEqual([12, 12, 12, 12, 12, 12]);

    const info = await json('/api/business-info');
    expect(info).toMatchObject({ name: 'Meeple Haven Café', address: expect.stringContaining('WI') });

    // Every seeded event carries the demo-seed actor and one correlation id.
    const all = await t.runtime.eventStore.readAll();
    const seeded = all.filter((e) => e.metadata.actor.kind === 'system' && e.metadata.actor.name === 'demo-seed');
    expect(seeded.length).toBeGreaterThan(30);
    expect(new Set(seeded.map((e) => e.metadata.correlationId)).size).toBe(1);

    // Second start on the same store: the events are there, the seed does not run again.
    const before = all.length;
    const blobsBefore = (await t.runtime.blobs.list()).length;
    t = await t.restart();
    expect((await t.runtime.eventStore.readAll()).length).toBe(before);
    expect((await json('/api/menu/items')).length).toBe(21);
    expect((await t.runtime.blobs.list()).length).toBe(blobsBefore);
  });

  it('does not seed a store somebody already used, nor when SEED_DEMO is false', async () => {
    const dataDir = freshDir();
    t = await createTestApp({ dataDir });
    expect((await json('/api/menu/items')).length).toBe(0);
    // A visitor books a table: the store is in use now.
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: 'Ada', email: 'ada@example.com', phone: '(262) 555-0100', partySize: 2, date: '2026-11-21', time: '11:00' },
    });
    expect(booked.statusCode).toBe(201);
    await t.close();
    t = await createTestApp({ dataDir, env: { SEED_DEMO: 'true' } });
    expect((await json('/api/menu/items')).length).toBe(0);
    expect((await json('/api/gallery')).length).toBe(0);
  });

  it('`npm run ops -- seed` seeds an empty store once, then refuses without touching it', { timeout: 60_000 }, async () => {
    const dataDir = freshDir();
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const ops = join(import.meta.dirname, '../bin/ops.ts');
    const tsx = join(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const first = await run(tsx, [ops, 'seed'], { env });
    expect(first.stdout).toMatch(/Seeded 4 menu categories, 21 menu items, 4 events, 8 gallery images/);
    const second = await run(tsx, [ops, 'seed'], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/already holds \d+ events: nothing seeded/);
    t = await createTestApp({ dataDir });
    expect((await json('/api/menu/items')).length).toBe(21);
    expect((await json('/api/gallery')).length).toBe(8);
  });
});
