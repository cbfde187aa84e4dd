import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GAME_TITLE_TAKEN, PLAYERS_ORDER_MESSAGE, type PublicGame, type StaffGame } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { createTestApp } from '../../test/test-app.js';
import { gameSummariesByIds } from './index.js';

const catan = {
  title: 'Catan',
  minPlayers: 3,
  maxPlayers: 4,
  bestAt: [4],
  minPlayTime: 60,
  maxPlayTime: 120,
  complexity: 2.29,
  minAge: 10,
  year: 1995,
  categories: ['Strategy'],
  copies: [{ condition: 'complete' }],
};

describe('game library API', () => {
  const { t, send, eventCount } = useAdminApp();
  const publicGame = async (id: string) => (await t.app.inject(`/api/games/${id}`)).json() as PublicGame;

  it('staff add a game with copies; visitors see it with its complete-copy count, never the copies’ notes', async () => {
    const res = await send('POST', '/api/admin/games', catan);
    expect(res.statusCode).toBe(201);
    const game = res.json() as StaffGame;
    expect(game).toMatchObject({ title: 'Catan', copyCount: 1, completeCopies: 1, copies: [{ condition: 'complete', notes: '' }] });
    const seen = await publicGame(game.id);
    expect(seen).toMatchObject({ title: 'Catan', complexity: 2.29, completeCopies: 1 });
    expect(seen).not.toHaveProperty('copies');
    const list = (await t.app.inject('/api/games')).json() as PublicGame[];
    expect(list.map((g) => g.title)).toContain('Catan');
  });

  it('a copy marked missing pieces leaves the game with no complete copy (unavailable); another copy makes it available again', async () => {
    const game = (await send('POST', '/api/admin/games', { ...catan, title: 'Azul' })).json() as StaffGame;
    const changed = await send('PATCH', `/api/admin/games/${game.id}/copies/${game.copies[0]!.id}`, {
      condition: 'missing pieces',
      notes: 'two tiles short',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ completeCopies: 0, copies: [{ condition: 'missing pieces', notes: 'two tiles short' }] });
    expect(await publicGame(game.id)).toMatchObject({ completeCopies: 0, copyCount: 1 });
    const added = await send('POST', `/api/admin/games/${game.id}/copies`, { condition: 'complete' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ completeCopies: 1, copyCount: 2 });
    expect(await gameSummariesByIds(t.runtime.documents, [game.id, 'nope'])).toEqual([
      { id: game.id, title: 'Azul', minPlayers: 3, maxPlayers: 4, copyCount: 2, completeCopies: 1 },
    ]);
  });

  it('edits only what changed, refuses a taken title (409) and a bad range (400) without writing, removes a game (404 after)', async () => {
    const game = (await send('POST', '/api/admin/games', { ...catan, title: 'Splendor' })).json() as StaffGame;
    const { copies: _c, ...facts } = catan;
    const edited = await send('PUT', `/api/admin/games/${game.id}`, { ...facts, title: 'Splendor', complexity: 1.79 });
    expect(edited.json()).toMatchObject({ complexity: 1.79 });
    const before = await eventCount();
    const taken = await send('PUT', `/api/admin/games/${game.id}`, { ...facts, title: 'catan' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(GAME_TITLE_TAKEN);
    const bad = await send('PUT', `/api/admin/games/${game.id}`, { ...facts, title: 'Splendor', minPlayers: 5, maxPlayers: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContainEqual({ path: ['maxPlayers'], message: PLAYERS_ORDER_MESSAGE });
    expect(await eventCount()).toBe(before);
    expect((await send('DELETE', `/api/admin/games/${game.id}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/games/${game.id}`)).statusCode).toBe(404);
  });

  it('GET /api/games is sent compressed (brotli or gzip) and answers 304 to its ETag', async () => {
    const plain = await t.app.inject('/api/games');
    const br = await t.app.inject({ url: '/api/games', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.app.inject({ url: '/api/games', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const again = await t.app.inject({ url: '/api/games', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('staff routes need a session', async () => {
    expect((await t.app.inject('/api/admin/games')).statusCode).toBe(401);
  });
});

describe('the demo library (SEED_DEMO)', () => {
  it('seeds at least 60 well-known games with their facts; a game with only missing-pieces copies is unavailable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cafe-games-seed-'));
    const t = await createTestApp({ dataDir, env: { SEED_DEMO: 'true' } });
    try {
      const games = (await t.app.inject('/api/games')).json() as PublicGame[];
      expect(games.length).toBeGreaterThanOrEqual(60);
      expect(games.find((g) => g.title === 'Catan')).toMatchObject({
        bggId: 13,
        minPlayers: 3,
        maxPlayers: 4,
        year: 1995,
        completeCopies: 2,
      });
      expect(games.find((g) => g.title === 'Betrayal at House on the Hill')).toMatchObject({ copyCount: 1, completeCopies: 0 });
      expect(games.every((g) => g.complexity !== null && g.minPlayTime !== null && g.minAge !== null && g.categories.length > 0)).toBe(
        true,
      );
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
