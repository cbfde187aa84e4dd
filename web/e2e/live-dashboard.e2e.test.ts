import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, slotsFor, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { expectToastInView, pageFetch, signInAsStaff } from './support/staff';
import { openSection, openView, SCREENSHOTS } from './support/dashboard';
import { networkQuiet } from './support/network-quiet';
import { picture } from './support/picture';

/**
 * The live dashboard in a real browser: staff have the dashboard open in one browser context, a guest
 * books from another, and the booking shows up in the open list without a reload, with a "New booking"
 * notice the staff member can see, at 1440×900 and 390×844.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
// A day with opening hours, a few days ahead, so every slot of it is still bookable.
const day = [2, 3, 4, 5, 6, 7, 8].map((n) => addDays(today, n)).find((d) => slotsFor(d).length > 0)!;

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe.each([
  { width: 1440, height: 900, label: 'desktop' },
  { width: 390, height: 844, label: 'phone' },
] as const)('an open dashboard at $width×$height', ({ width, height, label }) => {
  const viewport = { width, height };
  let staff: BrowserContext;
  let page: Page;
  let guestCtx: BrowserContext;
  let guest: Page;

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    guestCtx = await chromium.browser.newContext({ viewport });
    guest = await guestCtx.newPage();
    await guest.goto(`${server.url}/`);
  });
  afterAll(async () => {
    await guestCtx?.close();
    await staff?.close();
  });

  it('shows a booking made in another browser within two seconds, without a reload, with a visible "New booking" notice', async () => {
    // Watched from before the List View opens: its own first loads (its page, then the follow-up an empty
    // list makes) must end, and then nothing more may be asked.
    const bookingApi = /\/api\/(reservations|party-bookings|admin\/bookings)/;
    const firstLoads = networkQuiet(page, bookingApi);
    await openSection(page, 'Reservations');
    await openView(page, 'List View');
    const live = page.locator('.live-updates[data-live="live"]');
    await live.getByText('Live').waitFor();
    await firstLoads.settled();
    // Set on this page load: a reload or navigation would lose it.
    await page.evaluate(() => ((window as unknown as { loadMark: string }).loadMark = 'still here'));
    const bookingRequests: string[] = [];
    page.on('request', (r) => {
      if (bookingApi.test(r.url())) bookingRequests.push(r.url());
    });
    // No polling: an idle dashboard asks the server for nothing.
    await page.waitForTimeout(1500);
    expect(bookingRequests).toEqual([]);

    const name = `Lena Live ${label}`;
    const booked = await pageFetch<{ id: string }>(guest, 'POST', '/api/reservations', {
      name,
      email: `lena.${label}@example.com`,
      phone: '(262) 555-0142',
      partySize: 3,
      date: day,
      time: slotsFor(day)[0]!,
      specialRequests: '',
    });
    expect(booked.status).toBe(201);
    const answered = Date.now();
    await page.locator('.res-view').getByText(name).first().waitFor({ timeout: 2000 });
    expect(Date.now() - answered).toBeLessThan(2000);
    expect(await page.evaluate(() => (window as unknown as { loadMark?: string }).loadMark)).toBe('still here');
    // Refetched because of the notice: the lists on screen, once, not in a loop.
    expect(bookingRequests.length).toBeGreaterThan(0);

    const notice = await expectToastInView(page, 'New booking');
    await notice.getByText('A new reservation just came in.').waitFor();
    // Read out by screen readers: the toast's body is a status region.
    expect(await notice.locator('[role="status"]').count()).toBe(1);
    await page.waitForTimeout(300); // the toast's entry transition
    await picture(page, { path: join(SCREENSHOTS, `live-notice-${width}x${height}.png`) });
    await notice.locator('button').last().click();
    await notice.waitFor({ state: 'detached' });
  });

  it('refreshes a party request in the open Parties list, and staff changes refresh it without a "New booking" notice', async () => {
    await openSection(page, 'Parties');
    const name = `Perry Party ${label}`;
    await page.locator('.live-updates[data-live="live"]').waitFor();
    const booked = await pageFetch<{ id: string }>(guest, 'POST', '/api/party-bookings', {
      name,
      email: `perry.${label}@example.com`,
      phone: '(262) 555-0143',
      eventType: 'birthday',
      partySize: 12,
      date: day,
      time: slotsFor(day).at(-2)!,
      specialRequests: '',
    });
    expect(booked.status).toBe(201);
    await page.getByText(name).first().waitFor({ timeout: 2000 });
    await page.locator('.bp6-toast', { hasText: 'A new party request just came in.' }).waitFor();
    await page.locator('.bp6-toast button').last().click();
    await page.locator('.bp6-toast').waitFor({ state: 'detached' });

    // Another staff action (here through the API, as from a second staff browser) shows up, quietly.
    const approved = await pageFetch(page, 'PATCH', `/api/party-bookings/${booked.json.id}/approve`, { status: 'approved' });
    expect(approved.status).toBe(200);
    await page.locator(`tr[data-party-id="${booked.json.id}"] .party-status-approved`).waitFor({ timeout: 2000 });
    await page.waitForTimeout(500);
    expect(await page.locator('.bp6-toast', { hasText: 'New booking' }).count()).toBe(0);
  });
});
