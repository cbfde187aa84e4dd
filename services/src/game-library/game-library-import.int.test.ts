import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';
import {
  IMPORT_COLUMNS_MESSAGE,
  IMPORT_FILE_REQUIRED,
  IMPORT_TOO_LARGE,
  IMPORT_TYPE_MESSAGE,
  SKIP_NOT_OWNED,
  SKIP_UNCHANGED,
} from '@cafe/contracts';
import { bggCollectionCsv, fixtureGame, generatedCollection } from './bgg-csv-fixture.js';

/** A real multipart/form-data body, as a browser's FormData makes it. */
async function multipart(file: { data: string | Buffer; filename: string; type: string }) {
  const form = new FormData();
  const bytes = typeof file.data === 'string' ? new TextEncoder().encode(file.data) : new Uint8Array(file.data);
  form.append('file', new Blob([bytes], { type: file.type }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('BoardGameGeek collection import', () => {
  const { t, admin, eventCount } = useAdminApp();
  const upload = async (url: string, data: string | Buffer, filename = 'collection.csv', type = 'text/csv') => {
    const body = await multipart({ data, filename, type });
    return t.app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': body.contentType }, payload: body.payload });
  };
  // 820 owned games and 40 on the wishlist (own=0).
  const csv = generatedCollection(820, 40);

  it('previews 820 to add and 40 skipped (not owned), writing nothing; the import adds them in one decision; a second import changes nothing', async () => {
    const before = await eventCount();
    const preview = await upload('/api/admin/games/import/preview', csv);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.rows).toBe(860);
    expect(body.counts).toEqual({ add: 820, update: 0, skip: 40 });
    expect(body.add[9]).toMatchObject({ line: 11, title: 'Game 10: "Deluxe", Second Edition', bggId: 100010 });
    expect(body.skip[0]).toMatchObject({ line: 822, reason: SKIP_NOT_OWNED });
    expect(await eventCount()).toBe(before);

    const imported = await upload('/api/admin/games/import', csv);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().counts).toEqual({ add: 820, update: 0, skip: 40 });
    const stream = await t.runtime.eventStore.readStream('gameLibrary-main');
    expect(stream.filter((e) => e.type === 'GameAdded')).toHaveLength(820);
    expect(stream.at(-1)).toMatchObject({ type: 'GameLibraryImported', data: { added: 820, updated: 0, skipped: 40 } });
    // One decision: every event of the import carries one correlation id.
    expect(new Set(stream.map((e) => e.metadata.correlationId)).size).toBe(1);

    const games = (await t.app.inject('/api/games')).json() as {
      title: string;
      minPlayers: number;
      complexity: number;
      completeCopies: number;
    }[];
    expect(games).toHaveLength(820);
    const deluxe = games.find((g) => g.title === 'Game 10: "Deluxe", Second Edition');
    expect(deluxe).toMatchObject({
      minPlayers: 2,
      maxPlayers: 3,
      minPlayTime: 45,
      maxPlayTime: 75,
      complexity: 2,
      minAge: 11,
      year: 2000,
      bestAt: [3],
      completeCopies: 1,
    });

    const events = await eventCount();
    const again = await upload('/api/admin/games/import/preview', csv);
    expect(again.json().counts).toEqual({ add: 0, update: 0, skip: 860 });
    expect(again.json().skip[0]).toMatchObject({ reason: SKIP_UNCHANGED });
    const second = await upload('/api/admin/games/import', csv);
    expect(second.statusCode).toBe(200);
    expect(await eventCount()).toBe(events);
    expect(((await t.app.inject('/api/games')).json() as unknown[]).length).toBe(820);
  });

  it('a changed row updates only its game, with only the fields that changed', async () => {
    const games = Array.from({ length: 860 }, (_, i) => fixtureGame(i + 1, i < 820 ? 1 : 0));
    games[6] = { ...games[6]!, avgweight: 3.5 };
    const changed = bggCollectionCsv(games);
    const preview = (await upload('/api/admin/games/import/preview', changed)).json();
    expect(preview.counts).toMatchObject({ add: 0, update: 1 });
    expect(preview.update[0]).toMatchObject({ title: 'Game 7', gameId: 'bgg-100007', changes: ['complexity'] });
    await upload('/api/admin/games/import', changed);
    expect((await t.app.inject('/api/games/bgg-100007')).json()).toMatchObject({ complexity: 3.5 });
  });

  it('refuses a file that is too large (413), not a CSV (415), missing (400) or not a collection export (400)', async () => {
    const before = await eventCount();
    const huge = await upload('/api/admin/games/import/preview', 'x'.repeat(5 * 1024 * 1024 + 10));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(IMPORT_TOO_LARGE);
    const png = await upload('/api/admin/games/import', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'board.png', 'image/png');
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe(IMPORT_TYPE_MESSAGE);
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/games/import', headers: admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const other = await upload('/api/admin/games/import', 'name,price\nTea,3\n');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(IMPORT_COLUMNS_MESSAGE);
    const unclosed = await upload('/api/admin/games/import', 'objectname,objectid,own\n"Open,1,1\n');
    expect(unclosed.statusCode).toBe(400);
    const form = new FormData();
    form.append('note', 'no file');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/games/import',
      headers: { ...admin, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(IMPORT_FILE_REQUIRED);
    expect(await eventCount()).toBe(before);
  });

  it('is staff only', async () => {
    const body = await multipart({ data: csv, filename: 'c.csv', type: 'text/csv' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/games/import',
      headers: { origin: admin.origin!, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});
