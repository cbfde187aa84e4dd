import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { gameShortMessage, slotNow, slotsFor, todayIn, type PublicGame } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { openView, SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';

/**
 * Games asked for with a reservation, at 390×844 and 1440×900: a visitor picks two games from the
 * library in the public form; a reservation requesting two games shows them in staff's Today, with a
 * warning on an overlapping booking whose game has no complete copy left, and in the booking's dialog.
 *
 * Today's bookings need a time the café seats guests now, so the café's zone is one where it is evening.
 */
const ZONE = (() => {
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const hour = Number(slotNow(zone).slice(0, 2));
    const slots = slotsFor(todayIn(zone));
    // A slot holding now (a walk-in's) and one after it (a booking's: a started time is not booked).
    if (hour >= 16 && hour <= 19 && slots.includes(slotNow(zone)) && slots.some((slot) => slot > slotNow(zone))) return zone;
  }
  throw new Error('no zone where the café seats guests now');
})();
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
/** The next slot today, when asked (now is 4 to 8 PM there): the one holding now has started, and a started time is not booked. */
const soon = () => slotsFor(today).find((slot) => slot > slotNow(ZONE))!;
const SIZES = [
  { width: 390, height: 844, label: 'phone' },
  { width: 1440, height: 900, label: 'desktop' },
] as const;

let server: RunningServer;
let chromium: LaunchedBrowser;
/** Two games of the demo library with one complete copy each or more. */
let games: PublicGame[] = [];

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const library = (await (await fetch(`${server.url}/api/games`)).json()) as PublicGame[];
  games = library.filter((g) => g.completeCopies >= 1).slice(0, 2);
  expect(games).toHaveLength(2);
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function expectInView(page: Page, locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
}

describe.each(SIZES)('games on a reservation at $width×$height', ({ width, height, label }) => {
  let staffCtx: BrowserContext;
  let staff: Page;
  const guest = `Gina Gamer ${label}`;
  const second = `Sam Second ${label}`;

  beforeAll(async () => {
    ({ context: staffCtx, page: staff } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height }));
    const book = async (name: string, body: object) => {
      const res = await pageFetch(staff, 'POST', '/api/admin/reservations?override=capacity', {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${label}@example.com`,
        phone: '(262) 555-0142',
        partySize: 4,
        date: today,
        time: soon(),
        ...body,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    };
    await book(guest, { games: games.map((g) => g.id), teachUs: true });
  });

  afterAll(async () => {
    await staffCtx?.close();
  });

  it('a visitor picks two games from the library in the public reservation form, one added, one typed and left', async () => {
    const ctx = await chromium.browser.newContext({ viewport: { width, height } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: width < 768 ? 'Reserve' : 'Reserve Table', exact: true })
      .click();
    const input = page.locator('#reservation-games');
    for (const [i, game] of games.entries()) {
      await input.scrollIntoViewIfNeeded();
      await input.fill(game.title);
      // The first with "Add game"; the second typed and left for the next field, as a guest going on to Reserve.
      if (i === 0) await page.getByRole('button', { name: 'Add game' }).click();
      else await input.press('Tab');
    }
    expect(await input.inputValue()).toBe('');
    const chosen = page.getByRole('list', { name: 'Chosen games' });
    for (const game of games) await expectInView(page, chosen.getByText(game.title, { exact: true }));
    await page.getByLabel('Teach us a game').check({ force: true });
    await picture(page.locator('.game-picker'), { path: join(SCREENSHOTS, `reservation-games-form-${width}x${height}.png`) });
    await ctx.close();
  });

  it('staff see both games and "Teach us" in Today', async () => {
    await staff.reload();
    await openView(staff, "Today's Reservations");
    const row = staff.locator('.booking-table tr', { hasText: guest });
    const cell = row.locator('td[data-label="Games"]');
    for (const game of games) await expectInView(staff, cell.getByText(game.title, { exact: true }));
    await expectInView(staff, cell.getByText('Teach us'));
    await picture(staff, { path: join(SCREENSHOTS, `reservation-games-today-${width}x${height}.png`) });
  });

  it('an overlapping booking asking for a game whose copies are all asked for shows the warning, in Today and its dialog', async () => {
    const [first] = games;
    // Every complete copy of the first game is asked for by as many overlapping bookings as it has copies.
    for (let i = 0; i < first!.completeCopies; i++) {
      const res = await pageFetch(staff, 'POST', '/api/admin/reservations?override=capacity', {
        name: i === 0 ? second : `${second} ${i}`,
        email: `sam${i}.${label}@example.com`,
        phone: '(262) 555-0143',
        partySize: 2,
        date: today,
        time: soon(),
        games: [first!.id],
      });
      expect(res.status).toBe(201);
    }
    await staff.reload();
    await openView(staff, "Today's Reservations");
    const warning = gameShortMessage(first!.title, first!.completeCopies);
    const row = staff.locator('.booking-table tr', { hasText: guest });
    await expectInView(staff, row.getByText(warning));
    await row.getByRole('button', { name: `Edit ${guest}'s reservation` }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText(warning).waitFor();
    for (const game of games) await dialog.getByRole('list', { name: 'Chosen games' }).getByText(game.title, { exact: true }).waitFor();
    await staff.waitForTimeout(400); // the dialog's opening transition
    await picture(staff, { path: join(SCREENSHOTS, `reservation-games-dialog-${width}x${height}.png`) });
    await staff.keyboard.press('Escape');
  });
});
