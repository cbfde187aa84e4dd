import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { PublicGame, StaffGame } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, openSection, SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';

/**
 * The game library as a visitor and the staff see it, on the demo's starter library: the filters
 * "4 players, at most 60 minutes, complexity at most 2" show only the games that match, a game whose
 * copies all miss pieces shows as unavailable (on its card and its page), and staff preview a
 * BoardGameGeek CSV before importing it.
 */
const ADMIN_EMAIL = 'owner@example.com';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** A small BoardGameGeek collection export (its real header): 25 owned games and 5 on the wishlist. */
const HEADER =
  'objectname,objectid,rating,numplays,weight,own,fortrade,want,wanttobuy,wanttoplay,prevowned,preordered,wishlist,wishlistpriority,wishlistcomment,comment,conditiontext,haspartslist,wantpartslist,collid,baverage,average,avgweight,rank,numowned,objecttype,originalname,minplayers,maxplayers,playingtime,maxplaytime,minplaytime,yearpublished,bggrecplayers,bggbestplayers,bggrecagerange,bgglanguagedependence,publisherid,imageid,year,language,other,itemtype,pricepaid,pp_currency,currvalue,cv_currency,acquisitiondate,acquiredfrom,quantity,invlocation,invdate,version_publishers,version_languages,version_yearpublished,version_nickname';
/** `count` games from objectid `first` on, the first `owned` of them owned; every tenth with another shape. */
function collectionCsv(count: number, owned: number, first: number, name: (i: number) => string): string {
  const columns = HEADER.split(',');
  const rows = Array.from({ length: count }, (_, i) => {
    const values: Record<string, string | number> = {
      objectname: `"${name(i + 1)}"`,
      objectid: first + i,
      own: i < owned ? 1 : 0,
      minplayers: 2 + (i % 10 === 0 ? 1 : 0),
      maxplayers: 4 + (i % 3) * (i % 10 === 0 ? 1 : 0),
      playingtime: 45,
      minplaytime: 30 + (i % 7) * 10,
      maxplaytime: 45 + (i % 7) * 15,
      avgweight: 1.2 + (i % 30) / 10,
      yearpublished: 1990 + (i % 30),
      bggbestplayers: '4',
      bggrecagerange: `${8 + (i % 6)}+`,
    };
    return columns.map((c) => values[c] ?? '').join(',');
  });
  return [HEADER, ...rows].join('\r\n');
}
const CSV = collectionCsv(30, 25, 900000, (i) => `Imported Game ${i}, Deluxe`);

let server: RunningServer;
let chromium: LaunchedBrowser;
let games: PublicGame[];

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Staff mark Azul's one copy as missing pieces: with Betrayal's (the seed's), two games have no complete copy.
  const { context, page } = await signInAsStaff(chromium.browser, server.url, ADMIN_EMAIL);
  const azul = (await pageFetch<StaffGame>(page, 'GET', '/api/admin/games/bgg-230802')).json;
  const marked = await pageFetch<StaffGame>(page, 'PATCH', `/api/admin/games/bgg-230802/copies/${azul.copies[0]!.id}`, {
    condition: 'missing pieces',
    notes: 'Four tiles lost',
  });
  expect(marked.json).toMatchObject({ completeCopies: 0 });
  await context.close();
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

const shot = (page: Page, name: string) => picture(page, { path: join(SCREENSHOTS, name), fullPage: false });

/** The titles on the cards the page shows, each card inside the page's width. */
async function shownTitles(page: Page): Promise<string[]> {
  return page.locator('.game-card').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      if (box.left < 0 || box.right > document.documentElement.clientWidth + 0.5)
        throw new Error(`card outside the width: ${card.textContent}`);
      return card.getAttribute('data-game')!;
    }),
  );
}

describe.each(SIZES)('at $width×$height', (vp) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await chromium.browser.newContext({ viewport: vp, deviceScaleFactor: 1 });
    page = await ctx.newPage();
    // The library as it is now (the staff import at the first size adds to it).
    games = (await (await fetch(`${server.url}/api/games`)).json()) as PublicGame[];
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the landing page links to /games from its top bar; the library lists every game', async () => {
    await page.goto(`${server.url}/`);
    if (vp.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    else await page.getByRole('button', { name: 'Explore' }).click();
    await page.getByRole('link', { name: 'Games', exact: true }).click();
    await page.waitForURL(`${server.url}/games`);
    await page.getByRole('heading', { level: 1, name: 'Game library' }).waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'games' }).textContent()).toBe(`${games.length} games`);
    await shot(page, `game-library-${vp.width}.png`);
  });

  it('"4 players, at most 60 minutes, complexity at most 2" shows only the games that match', async () => {
    await page.goto(`${server.url}/games`);
    await page.getByLabel('Players').selectOption({ label: '4 players' });
    await page.getByLabel('Time').selectOption({ label: 'Up to 60 min' });
    await page.getByLabel('Complexity').selectOption({ label: 'At most 2 / 5' });
    const expected = games
      .filter(
        (g) =>
          g.minPlayers <= 4 &&
          g.maxPlayers >= 4 &&
          (g.maxPlayTime ?? g.minPlayTime ?? 1e9) <= 60 &&
          g.complexity !== null &&
          g.complexity <= 2,
      )
      .map((g) => g.title);
    expect(expected.length).toBeGreaterThan(5);
    expect(expected).toContain('Kingdomino');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'match' }).textContent())
      .toBe(`${expected.length} of ${games.length} games match`);
    // The first 48 cards show; the rest come with "Show more games".
    const more = page.getByRole('button', { name: /^Show more games/ });
    if (expected.length > 48) await more.click();
    expect(await shownTitles(page)).toEqual(expected);
    // Catan (60–120 minutes) does not match; Splendor (30 minutes, 1.79, 2–4 players) does.
    expect(expected).not.toContain('Catan');
    expect(expected).toContain('Splendor');
    const first = page.locator('.game-card').first();
    await first.scrollIntoViewIfNeeded();
    expect(await first.isVisible()).toBe(true);
    await shot(page, `game-library-filtered-${vp.width}.png`);
    // "Best at" narrows to the games best at 4.
    await page.getByText('Best at that count').click();
    const best = games.filter((g) => expected.includes(g.title) && g.bestAt.includes(4)).map((g) => g.title);
    await expect.poll(() => shownTitles(page)).toEqual(best);
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('a game whose copies all miss pieces shows as unavailable, on its card and its page', async () => {
    await page.goto(`${server.url}/games`);
    await page.getByLabel('Search by title').fill('azul');
    const card = page.locator('.game-card', { hasText: 'Azul' });
    await card.getByText('Unavailable', { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await card.getByText('Unavailable', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Search by title').fill('betrayal');
    await page.locator('.game-card', { hasText: 'Betrayal at House on the Hill' }).getByText('Unavailable', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Betrayal at House on the Hill' }).click();
    await page.waitForURL(`${server.url}/games/bgg-10547`);
    await page.getByRole('heading', { level: 1, name: 'Betrayal at House on the Hill' }).waitFor();
    const tag = page.locator('.game-availability').getByText('Unavailable', { exact: true });
    expect(await tag.isVisible()).toBe(true);
    await shot(page, `game-page-unavailable-${vp.width}.png`);
    await page.goto(`${server.url}/games/bgg-13`);
    await page.getByRole('heading', { level: 1, name: 'Catan' }).waitFor();
    expect(await page.getByText('Available: 2 copies').isVisible()).toBe(true);
    await shot(page, `game-page-${vp.width}.png`);
    await page.getByRole('link', { name: 'All games' }).click();
    await page.waitForURL(`${server.url}/games`);
  });

  it('staff preview a BoardGameGeek CSV (counts and rows), then import it; the same file again has nothing to import', async () => {
    const { context, page: admin } = await signInAsStaff(chromium.browser, server.url, ADMIN_EMAIL, vp);
    try {
      await openSection(admin, 'Games');
      await admin.getByRole('heading', { name: 'Import a BoardGameGeek collection' }).waitFor();
      await admin
        .getByLabel('BoardGameGeek collection CSV')
        .setInputFiles({ name: 'collection.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
      const counts = admin.locator('.games-import-counts');
      await counts.waitFor();
      const first = vp.width === SIZES[0].width;
      expect(await counts.textContent()).toBe(
        first ? '30 rows: 25 to add, 0 to update, 5 to skip' : '30 rows: 0 to add, 0 to update, 30 to skip',
      );
      await counts.scrollIntoViewIfNeeded();
      expect(await counts.isVisible()).toBe(true);
      await picture(admin, { path: join(SCREENSHOTS, `game-import-preview-${vp.width}.png`) });
      if (first) {
        expect(await admin.getByRole('region', { name: 'To add' }).getByText('Imported Game 1, Deluxe', { exact: true }).isVisible()).toBe(
          true,
        );
        await admin.getByRole('button', { name: 'Import 25 games' }).click();
        await expectToast(admin, 'Imported: 25 added, 0 updated');
      } else {
        expect(await admin.getByRole('button', { name: 'Nothing to import' }).isDisabled()).toBe(true);
        // A copy's condition, changed in the game's dialog, makes the game unavailable to visitors.
        await admin.getByLabel('Find a game').fill('Carcassonne');
        await admin.getByRole('button', { name: 'Edit Carcassonne' }).click();
        const dialog = admin.getByRole('dialog');
        await dialog.getByLabel('Copy 1 condition').selectOption('missing pieces');
        await dialog.getByLabel('Copy 1 notes').fill('Two meeples lost');
        await dialog.getByRole('button', { name: 'Save copy 1' }).click();
        await expectToast(admin, 'Copy updated');
        await dialog.getByText('Copies (0 of 1 complete)').waitFor();
        expect(await dialog.getByText('Copies (0 of 1 complete)').isVisible()).toBe(true);
        const carcassonne = (await (await fetch(`${server.url}/api/games/bgg-822`)).json()) as PublicGame;
        expect(carcassonne).toMatchObject({ copyCount: 1, completeCopies: 0 });
      }
      const after = (await (await fetch(`${server.url}/api/games`)).json()) as PublicGame[];
      expect(after.length).toBe(games.length + (first ? 25 : 0));
    } finally {
      await context.close();
    }
  });
});

describe('with 1,000 games, on a phone (390×844)', () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    const { context, page: admin } = await signInAsStaff(chromium.browser, server.url, ADMIN_EMAIL);
    const csv = collectionCsv(1000, 1000, 700000, (i) => `Shelf Game ${i}`);
    const status = await admin.evaluate(async (text) => {
      const body = new FormData();
      body.append('file', new Blob([text], { type: 'text/csv' }), 'big.csv');
      return (await fetch('/api/admin/games/import', { method: 'POST', body, credentials: 'include' })).status;
    }, csv);
    expect(status).toBe(200);
    await context.close();
    ctx = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the first view of /games downloads under 150 KB, and each filter change shows its result within 100 ms', async () => {
    await page.goto(`${server.url}/games`, { waitUntil: 'networkidle' });
    await page.locator('.game-card').first().waitFor();
    const resources = await page.evaluate(() =>
      (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
        .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((e) => ({ name: new URL(e.name).pathname, bytes: e.transferSize })),
    );
    // Everything the page fetched counts: /games gets app.html, which carries none of the landing hero's preloads.
    const hero = resources.filter((r) => r.name.startsWith('/images/hero/')).reduce((sum, r) => sum + r.bytes, 0);
    expect(hero).toBe(0);
    const bytes = resources.reduce((sum, r) => sum + r.bytes, 0);
    const total = Number((await page.locator('.games-count').textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThanOrEqual(1000);
    // One filter at a time, as a visitor changes them: from the change to the count and cards on screen.
    const changes: [id: string, value: string][] = [
      ['games-players', '4'],
      ['games-time', '60'],
      ['games-complexity', '2'],
      ['games-age', '10'],
      ['games-players', ''],
      ['games-complexity', ''],
    ];
    const measure = (id: string, value: string) =>
      page.evaluate(
        async ({ id, value }) => {
          const select = document.getElementById(id) as HTMLSelectElement;
          const status = document.querySelector('.games-count')!;
          const before = status.textContent;
          const started = performance.now();
          const changed = new Promise<void>((resolve) => {
            const observer = new MutationObserver(() => {
              if (status.textContent === before) return;
              observer.disconnect();
              resolve();
            });
            observer.observe(status, { childList: true, subtree: true, characterData: true });
          });
          select.value = value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
          await changed;
          // Until the next frame is painted.
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          return performance.now() - started;
        },
        { id, value },
      );
    // A change over the bound is undone and made again, twice at most, and its best time counts: a pause of
    // the machine (another process, the virtual CPU taken away) does not come back three times; a slow
    // filter does, every time.
    const current = new Map<string, string>();
    const timings: number[] = [];
    const retried: string[] = [];
    for (const [id, value] of changes) {
      const previous = current.get(id) ?? '';
      let best = await measure(id, value);
      for (let again = 0; again < 2 && best >= 100; again++) {
        retried.push(`${id}=${value} ${Math.round(best)} ms`);
        await measure(id, previous);
        best = Math.min(best, await measure(id, value));
      }
      current.set(id, value);
      timings.push(best);
    }
    console.log(
      `/games with ${total} games: first view ${Math.round(bytes / 1024)} KB; filter changes ${timings.map((t) => Math.round(t)).join(', ')} ms` +
        (retried.length ? ` (made again after ${retried.join(', ')})` : ''),
    );
    expect(bytes).toBeLessThan(150 * 1024);
    expect(Math.max(...timings)).toBeLessThan(100);
  });
});
