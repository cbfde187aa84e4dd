import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, slotsFor, todayIn } from '@cafe/contracts';
import { GUESTS_WORLD, launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, fillDate, isNarrow, openSection } from './support/dashboard';
import { settled } from './support/settled';
import { axeViolations } from './support/axe';
import { picture } from './support/picture';
import { cafeClockAt } from './support/test-clock';

/**
 * Issue 49's waitlists in the browser, at 390×844 and 1440×900. The door queue (Must-show): staff add two
 * couples in three taps each, see their quotes, send "Table ready" (its hold counting down) and seat the
 * first at the free table; the second couple's page shows their place and estimate and moves up without a
 * reload. The evening waitlist: a guest whose time is full joins it from the reservation form.
 *
 * Two tables for couples; the café's clock at 5 PM on a day it seats into the evening. One couple already
 * sits at table 1, so the first couple in the queue takes table 2 at once and the second waits for table 1.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const seatsEvening = (day: string) => ['17:00', '18:00', '19:00', '20:00'].every((t) => slotsFor(day).includes(t));
const DAY = (() => {
  const today = todayIn(ZONE);
  for (let i = 0; i < 8; i++) if (seatsEvening(addDays(today, i))) return addDays(today, i);
  throw new Error('no day in the next week the café seats guests from 5 to 8 PM');
})();
/** The evening whose 7 PM is full: the next day after DAY that seats one. */
const FULL_DAY = (() => {
  for (let i = 1; i < 8; i++) if (seatsEvening(addDays(DAY, i))) return addDays(DAY, i);
  throw new Error('no second evening');
})();
const SHOTS = '/tmp/waitlist-shots';
const FLOOR = {
  areas: [
    {
      name: 'Main room',
      tables: [
        { name: '1', minSeats: 1, maxSeats: 2, online: true, x: 2, y: 2 },
        { name: '2', minSeats: 1, maxSeats: 2, online: true, x: 8, y: 2 },
      ],
    },
  ],
};
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

let chromium: LaunchedBrowser;

beforeAll(async () => {
  chromium = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await chromium?.close();
});

const shot = async (page: Page, name: string, fullPage = false) => {
  const { width, height } = page.viewportSize()!;
  await settled(page);
  await picture(page, { path: join(SHOTS, `waitlist-${name}-${width}x${height}.png`), fullPage });
};

async function openWaitlist(page: Page): Promise<void> {
  if (isNarrow(page)) await openSection(page, 'Waitlist');
  else await page.getByRole('tab', { name: 'Waitlist', exact: true }).click();
  await page.getByRole('heading', { name: 'Door queue' }).waitFor();
}

/** Three taps: the name, a phone, a size chip (and Add). */
async function addParty(page: Page, name: string, phone: string, size: number, note = ''): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a party to the queue' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Phone').fill(phone);
  await form.getByRole('radio', { name: String(size), exact: true }).click();
  if (note) await form.getByLabel('Note').fill(note);
  await form.getByRole('button', { name: 'Add to queue' }).click();
}

const row = (page: Page, name: string) => page.locator('.door-party', { hasText: name });

describe.each(SIZES)('the waitlists at $width×$height', (size) => {
  let server: RunningServer;
  let staff: Page;
  let guest: BrowserContext;

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE, SEED_DEMO: 'false', ...cafeClockAt(DAY, '17:00', ZONE) });
    staff = (await signInAsStaff(chromium.browser, server.url, OWNER, size)).page;
    guest = await chromium.browser.newContext({ ...GUESTS_WORLD, viewport: size });
    expect((await pageFetch(staff, 'PUT', '/api/admin/floor', FLOOR)).status).toBe(200);
    // A couple already at table 1.
    const early = await pageFetch<{ id: string }>(staff, 'POST', '/api/admin/door-queue', {
      name: 'Early Couple',
      phone: '(414) 555-0100',
      partySize: 2,
    });
    expect(early.status).toBe(201);
    expect((await pageFetch(staff, 'POST', `/api/admin/door-queue/${early.json.id}/seat`, { tables: ['1'] })).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await guest?.close();
    await staff?.context().close();
    await server?.stop();
  });

  it('the door queue: add, quote, "Table ready", seat at a table; the guest\'s live page follows without a reload', async () => {
    await openWaitlist(staff);
    await addParty(staff, 'Ana Reyes', '(414) 555-0101', 2);
    await staff.getByRole('status').filter({ hasText: 'Ana Reyes added' }).waitFor();
    await addParty(staff, 'Ben Okafor', '(414) 555-0102', 2, 'Red scarf by the bar');
    const added = staff.getByRole('status').filter({ hasText: 'Ben Okafor added' });
    await added.waitFor();
    expect(await added.textContent()).toMatch(/Ben Okafor added: about \d+ min/);
    const link = await added.getByRole('link').getAttribute('href');
    expect(link).toMatch(/\/queue\//);
    await row(staff, 'Ben Okafor')
      .getByText(/quoted \d+ min/)
      .waitFor();
    await row(staff, 'Ben Okafor').getByText('Red scarf by the bar').waitFor();
    await shot(staff, 'queue', true);
    expect(await axeViolations(staff)).toEqual([]);

    // The second couple's own page, in the café's zone: their place and the estimate.
    const page = await guest.newPage();
    await page.goto(new URL(new URL(link!).pathname, server.url).toString());
    await page.getByText("You're number 2 in the queue").waitFor();
    const estimate = page.locator('.queue-estimate');
    expect(await estimate.textContent()).toMatch(/^about \d+ min$/);
    await shot(page, 'guest-queue');
    expect(await axeViolations(page)).toEqual([]);

    // "Table ready" for the first couple: its hold counts down.
    await row(staff, 'Ana Reyes').getByRole('button', { name: 'Table ready' }).click();
    const timer = row(staff, 'Ana Reyes').getByRole('timer');
    await timer.waitFor();
    const first = await timer.textContent();
    expect(first).toMatch(/^\d+:\d\d left$/);
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(first);
    await shot(staff, 'ready');

    // Seat them at the free table.
    await row(staff, 'Ana Reyes').getByRole('button', { name: 'Seat' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText('Table 2 · 1–2 seats · Main room').click();
    await shot(staff, 'seat-dialog');
    await dialog.getByRole('button', { name: 'Seat at 2' }).click();
    await expectToast(staff, 'Ana Reyes seated', 'Table 2');
    await staff.locator('.door-parties.is-done .door-party', { hasText: 'Ana Reyes' }).getByText('table 2', { exact: false }).waitFor();

    // The guest's page moved up by itself.
    await page.getByText("You're next in the queue").waitFor({ timeout: 15_000 });
    expect(await estimate.textContent()).toMatch(/^(about \d+ min|Any minute now)$/);
    await shot(page, 'guest-queue-next');

    // Their table is ready: the page says so, still without a reload.
    await row(staff, 'Ben Okafor').getByRole('button', { name: 'Table ready' }).click();
    await page.getByRole('status').filter({ hasText: 'Your table is ready' }).waitFor({ timeout: 15_000 });
    await page.getByText("You're number").or(page.getByText("You're next")).waitFor({ state: 'detached' });
    await shot(page, 'guest-ready');
    await page.close();
  });

  it('a guest whose time is full joins the evening waitlist from the reservation form', async () => {
    const booked: { id: string; version: number }[] = [];
    for (const [i, name] of ['Cara', 'Dev'].entries()) {
      const res = await pageFetch<{ id: string; version: number }>(staff, 'POST', '/api/reservations', {
        name: `${name} Full`,
        email: `full${i}@example.com`,
        phone: '(414) 555-0142',
        partySize: 2,
        date: FULL_DAY,
        time: '19:00',
      });
      expect(res.status).toBe(201);
      booked.push(res.json);
    }
    const page = await guest.newPage();
    await page.goto(`${server.url}/`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: isNarrow(page) ? 'Reserve' : 'Reserve Table', exact: true })
      .click();
    const form = page.getByRole('form', { name: 'Reserve a table' });
    await form.getByLabel('Name').fill('Eve Waiting');
    await form.getByLabel('Email').fill('eve@example.com');
    await form.getByLabel('Phone').fill('4145550177');
    await page.locator('#reservation-size').selectOption('2');
    await fillDate(page, page.locator('#reservation-date'), FULL_DAY);
    await expect.poll(() => page.locator('#reservation-time option', { hasText: '7:00 PM' }).textContent()).toBe('7:00 PM (Fully booked)');
    await page.getByRole('button', { name: 'Tell me if a table frees up' }).click();
    const join = page.getByRole('form', { name: 'Join the waitlist' });
    await join.waitFor();
    await shot(page, 'join-form');
    expect(await axeViolations(page)).toEqual([]);
    await join.getByText('For Eve Waiting · eve@example.com · (414) 555-0177').waitFor();
    expect(await join.getByLabel('Party size').inputValue()).toBe('2');
    await shot(page, 'join-form');
    await join.getByRole('button', { name: 'Join the waitlist' }).click();
    const joined = page.getByRole('status').filter({ hasText: "You're on the waitlist: number 1" });
    await joined.waitFor();
    await shot(page, 'joined');
    await joined.getByRole('link', { name: 'See or leave your place' }).click();
    await page.getByText("You're next on the waitlist").waitFor();
    await shot(page, 'guest-place');
    expect(await axeViolations(page)).toEqual([]);

    // Staff see her on that date's waitlist.
    await staff.reload();
    await openWaitlist(staff);
    await fillDate(staff, staff.locator('#waitlist-date'), FULL_DAY);
    await staff.locator('.evening-entry', { hasText: 'Eve Waiting' }).waitFor();
    await shot(staff, 'evening', true);

    // Staff cancel one couple: the waitlisted guest is offered the table; she takes it on the offer's page.
    const cancelled = await staff.evaluate(
      async ({ id, version }) =>
        (await fetch(`/api/reservations/${id}`, { method: 'DELETE', credentials: 'include', headers: { 'if-match': `"${version}"` } }))
          .status,
      booked[0]!,
    );
    expect(cancelled).toBeLessThan(300);
    const offered = page.getByRole('link', { name: 'Take it or pass' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Your waitlist place' }).waitFor();
          await page.locator('.guest-card .bp6-spinner').waitFor({ state: 'detached' });
          return offered.isVisible();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    await page.getByText('A table is free at 7:00 PM').waitFor();
    await offered.click();
    await page.getByRole('button', { name: 'Take it' }).waitFor();
    await shot(page, 'offer');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Take it' }).click();
    const confirmed = page.getByRole('status').filter({ hasText: 'Booking confirmed!' });
    await confirmed.waitFor();
    await confirmed.getByText(/^Table \d+: your table until \d+:\d\d [AP]M$/).waitFor();
    await shot(page, 'offer-taken');
    // Live, well within the list's half-minute refresh: the taken offer has a notice of its own.
    await staff
      .locator('.evening-entry', { hasText: 'Eve Waiting' })
      .getByText('Taken · offer for 7:00 PM', { exact: false })
      .waitFor({ timeout: 10_000 });
    await shot(staff, 'evening-taken', true);
    await page.close();
  });
});
