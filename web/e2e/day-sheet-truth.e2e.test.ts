import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, cafeInstant, todayIn, weekdayOf } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { inViewport, pageFetch, signInAsStaff } from './support/staff';
import { SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';

/**
 * The day sheet and the search tell what happened, at 1440×900 and 390×844: on a Friday (the server's
 * clock at 9:00 AM that day, CAFE_TEST_CLOCK) with a no-show, an arrival, a cancellation, a table that
 * asked for a game and to be taught, and a 7 PM game night with three sign-ups (one checked in), the
 * printed sheet shows each booking's status, the games and the night's attendees, and its totals leave
 * out the no-show and the cancellation; searching an attendee's name finds their sign-up and opens it
 * in the Events section's sign-ups on that date.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
/** The first Friday after the real today: Fridays seat guests into the evening. */
const FRIDAY = (() => {
  let d = addDays(todayIn(ZONE), 1);
  while (weekdayOf(d) !== 5) d = addDays(d, 1);
  return d;
})();

let server: RunningServer;
let chromium: LaunchedBrowser;

async function seed(page: Page) {
  const ok = async <T>(res: Promise<{ status: number; json: T }>, status = 201) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.json)).toBe(status);
    return r.json;
  };
  const game = await ok(
    pageFetch<{ id: string }>(page, 'POST', '/api/admin/games', {
      title: 'Catan (sheet)',
      minPlayers: 3,
      maxPlayers: 4,
      copies: [{ condition: 'complete' }],
    }),
  );
  const reserve = (name: string, phone: string, time: string, partySize: number, extra: object = {}) =>
    ok(
      pageFetch<{ id: string }>(page, 'POST', '/api/admin/reservations', {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        phone,
        partySize,
        date: FRIDAY,
        time,
        ...extra,
      }),
    );
  const nora = await reserve('Nora Noshow', '(262) 555-3101', '17:00', 3);
  const ann = await reserve('Ann Arrived', '(262) 555-3102', '17:00', 2);
  await reserve('Gus Games', '(262) 555-3103', '18:00', 4, { games: [game.id], teachUs: true });
  const carl = await reserve('Carl Cancel', '(262) 555-3104', '18:00', 2);
  await ok(pageFetch(page, 'DELETE', `/api/reservations/${carl.id}`), 200);
  await ok(pageFetch(page, 'PATCH', `/api/admin/reservations/${nora.id}/arrival`, { status: 'no-show' }), 200);
  await ok(pageFetch(page, 'PATCH', `/api/admin/reservations/${ann.id}/arrival`, { status: 'arrived' }), 200);

  const night = await ok(
    pageFetch<{ id: string }>(page, 'POST', '/api/admin/events', {
      title: 'Game night',
      description: null,
      event_date: FRIDAY,
      event_time: '7:00 PM',
      price: 'Free',
      max_attendees: 12,
    }),
  );
  const signUp = (name: string, phone: string, places: number) =>
    ok(
      pageFetch<{ id: string }>(page, 'POST', `/api/events/${night.id}/sign-ups`, {
        date: FRIDAY,
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        phone,
        places,
      }),
    );
  const sita = await signUp('Sita Signup', '(262) 555-7001', 2);
  await signUp('Tom Table', '(262) 555-7002', 1);
  await signUp('Uma Umpire', '(262) 555-7003', 3);
  await ok(pageFetch(page, 'POST', `/api/admin/event-sign-ups/${sita.id}/check-in`, {}), 200);
}

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAILS: OWNER,
    BUSINESS_TIME_ZONE: ZONE,
    SEED_DEMO: 'false',
    CAFE_TEST_CLOCK: cafeInstant(FRIDAY, '09:00', ZONE).toISOString(),
  });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

let seeded = false;

describe.each([
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
])('the day sheet and the search at $width×$height', (viewport) => {
  let staff: BrowserContext;
  let page: Page;
  const size = `${viewport.width}x${viewport.height}`;

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    if (!seeded) await seed(page);
    seeded = true;
  }, 120_000);
  afterAll(async () => {
    await staff?.close();
  });

  /** What one booking's row says, cell by cell. */
  const rowOf = (name: string) =>
    page
      .locator('tr.day-sheet-row', { hasText: name })
      .evaluate((tr) =>
        Object.fromEntries([...tr.querySelectorAll('td')].map((td) => [td.className.replace('ds-', ''), td.textContent?.trim() ?? ''])),
      );

  it('prints each booking with its status and games, totals without the no-show, and the game night with its attendees', async () => {
    await page.goto(`${server.url}/admin/day-sheet?date=${FRIDAY}`);
    await page.locator('tr.day-sheet-row').nth(3).waitFor();
    // Nora's 3 did not come and Carl cancelled: Ann's 2 and Gus's 4 are the guests.
    await page.getByText('3 bookings, 6 guests, 1 no-show, 1 cancelled', { exact: true }).waitFor();
    expect(await page.locator('.ds-event-totals').textContent()).toBe('Game night 7:00 PM: 6 signed up');

    // Whether they came, in the last column ('Here'): the status staff marked, or Expected.
    expect(await rowOf('Nora Noshow')).toMatchObject({ here: 'No-show', size: '3' });
    expect(await rowOf('Ann Arrived')).toMatchObject({ here: 'Arrived' });
    expect(await rowOf('Carl Cancel')).toMatchObject({ here: 'Cancelled' });
    expect(await rowOf('Gus Games')).toMatchObject({ here: 'Expected', games: 'Catan (sheet) · Teach us' });
    expect(await page.locator('tr.ds-not-coming').count()).toBe(2);

    const night = page.getByRole('region', { name: 'Game night 7:00 PM: 6 signed up' });
    await night.waitFor();
    const attendees = await night
      .locator('tr.day-sheet-attendee')
      .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
    // By name, each with their places; Sita checked in.
    expect(attendees).toEqual([
      ['Sita Signup', '2 places', '(262) 555-7001', 'Yes'],
      ['Tom Table', '1 place', '(262) 555-7002', ''],
      ['Uma Umpire', '3 places', '(262) 555-7003', ''],
    ]);
    await picture(page, { path: join(SCREENSHOTS, `day-sheet-truth-screen-${size}.png`), fullPage: true });

    // On paper (A4's printable width): the same status, games and attendees, nothing cut.
    await page.setViewportSize({ width: 718, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    const printed = await page.locator('.day-sheet').evaluate((sheet) => ({
      text: (sheet as HTMLElement).innerText,
      clipped: [...sheet.querySelectorAll('td')]
        .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
        .map((c) => c.textContent),
      smallest: Math.min(...[...sheet.querySelectorAll('td')].map((c) => parseFloat(getComputedStyle(c).fontSize))),
    }));
    for (const text of ['3 bookings, 6 guests, 1 no-show, 1 cancelled', 'No-show', 'Catan (sheet) · Teach us', 'Uma Umpire', '3 places'])
      expect(printed.text, text).toContain(text);
    expect(printed.clipped).toEqual([]);
    expect(printed.smallest).toBeGreaterThanOrEqual(10);
    await picture(page, { path: join(SCREENSHOTS, `day-sheet-truth-print-from-${viewport.width}.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(viewport);
  });

  it("finds a no-show as one, and an attendee by name as their sign-up, which opens in the event's sign-ups on that date", async () => {
    await page.goto(`${server.url}/admin`);
    const box = page.getByLabel('Search bookings by name, e-mail or phone');
    await box.fill('nora nosh');
    await page.locator('.search-hit', { hasText: 'Nora Noshow' }).getByText('No-show', { exact: true }).waitFor();

    await box.fill('sita sign');
    const hit = page.locator('.search-hit', { hasText: 'Sita Signup' });
    await hit.waitFor();
    expect(await hit.locator('.search-hit-when').textContent()).toMatch(/^Sign-up · Game night · .+ · 7:00 PM · 2 places$/);
    await hit.getByText('Checked in', { exact: true }).waitFor();
    await expect.poll(() => inViewport(page, '.search-hit:has-text("Sita Signup")')).toBe(true);
    await picture(page, { path: join(SCREENSHOTS, `search-sign-up-${size}.png`) });

    await hit.click();
    const panel = page.getByRole('region', { name: 'Sign-ups: Game night' });
    await panel.waitFor();
    expect(await panel.getByLabel('Date').inputValue()).toBe(FRIDAY);
    const found = panel.locator('li.sign-up-found');
    await found.waitFor();
    expect(await found.textContent()).toContain('Sita Signup');
    await expect.poll(() => inViewport(page, 'li.sign-up-found')).toBe(true);
    expect(new URL(page.url()).searchParams.get('section')).toBe('events');
    await picture(page, { path: join(SCREENSHOTS, `search-sign-up-opened-${size}.png`) });
  });
});
