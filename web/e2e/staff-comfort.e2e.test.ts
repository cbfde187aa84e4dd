import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, slotsFor, todayIn, weekStart } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { inViewport, pageFetch, signInAsStaff } from './support/staff';
import { SCREENSHOTS, isNarrow, openSection, openView } from './support/dashboard';
import { axeViolations } from './support/axe';
import { settled } from './support/settled';
import { picture } from './support/picture';

/**
 * A staff member's everyday comfort, in a real browser at 1440×900 and 390×844: the header's search finds
 * a booking by part of its phone number and opens it; the Parties count goes up live when a guest asks for
 * a party in another browser; a reload (and back/forward) keeps the Week View's later week; the header
 * says who is signed in, with Logout beside it.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
/** A bookable day three weeks or so ahead: its week is a later week than today's. */
const later = [21, 22, 23, 24, 25, 26, 27].map((n) => addDays(today, n)).find((d) => slotsFor(d).length > 0)!;

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

const shot = async (page: Page, name: string) => {
  const { width, height } = page.viewportSize()!;
  await settled(page);
  await picture(page, { path: join(SCREENSHOTS, `${name}-${width}x${height}.png`) });
};

/**
 * The Parties count: the tab's badge, or on a phone the button beside the section dropdown; 0 when none shows.
 * Read in one look: a count() then a getAttribute() raced the badge leaving at zero, and getAttribute then
 * waited its 30 s for a badge that never came back.
 */
async function pendingCount(page: Page): Promise<number> {
  const badge = isNarrow(page)
    ? page.locator('.pending-badge-button .pending-badge')
    : page.getByRole('tab', { name: /Parties/ }).locator('.pending-badge');
  return badge.evaluateAll((found) => (found.length === 0 ? 0 : Number(found[0]!.getAttribute('data-count'))));
}

describe.each([
  { width: 1440, height: 900, label: 'desktop', phone: '(608) 555-1234', query: '555 12' },
  { width: 390, height: 844, label: 'phone', phone: '(414) 555-9876', query: '555 98' },
] as const)('the dashboard at $width×$height', ({ width, height, label, phone, query }) => {
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

  it('shows who is signed in, with Logout beside it, inside the viewport', async () => {
    const account = page.locator('.admin-account');
    await account.getByText(OWNER).waitFor();
    expect(await inViewport(page, '.admin-account .signed-in-email')).toBe(true);
    expect(await inViewport(page, '.admin-account button:has-text("Logout")')).toBe(true);
    const [email, logout] = await Promise.all([
      account.locator('.signed-in-email').boundingBox(),
      account.getByRole('button', { name: 'Logout' }).boundingBox(),
    ]);
    // The whole address, not cut with an ellipsis.
    expect(await account.locator('.signed-in-email').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Beside it: on the same line.
    expect(Math.abs(email!.y + email!.height / 2 - (logout!.y + logout!.height / 2))).toBeLessThan(12);
    await shot(page, 'header');
  });

  it('finds a booking by part of its phone number, formatted otherwise, and opens it', async () => {
    const name = `Pat Phone ${label}`;
    const made = await pageFetch<{ id: string }>(page, 'POST', '/api/admin/reservations', {
      name,
      email: `pat.${label}@example.com`,
      phone,
      partySize: 4,
      date: later,
      time: slotsFor(later)[0]!,
      specialRequests: '',
    });
    expect(made.status).toBe(201);
    const box = page.getByLabel('Search bookings by name, e-mail or phone');
    await box.fill(query);
    const hit = page.locator('.search-hit', { hasText: name });
    await hit.waitFor();
    await expect.poll(() => inViewport(page, `.search-hit:has-text("${name}")`)).toBe(true);
    await expect.poll(() => hit.textContent()).toContain(phone);
    await shot(page, 'search-results');
    expect(await axeViolations(page)).toEqual([]);
    await hit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Reservation' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe(name);
    // It opened in the Week View of its (later) week, and the address says so.
    const url = new URL(page.url());
    expect(url.searchParams.get('section')).toBe('reservations');
    expect(url.searchParams.get('view')).toBe('week');
    expect(url.searchParams.get('week')).toBe(weekStart(later));
    await shot(page, 'search-opened');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a reload of the Week View of a later week returns to it, and back/forward move between the weeks', async () => {
    await page.goto(`${server.url}/admin`);
    await openSection(page, 'Reservations');
    await openView(page, 'Week View');
    const title = page.locator('.cal-title');
    const thisWeek = await title.textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => title.textContent()).not.toBe(thisWeek);
    const nextWeek = await title.textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.waitForURL((u) => u.searchParams.get('week') === addDays(weekStart(today), 14));
    // The address changes a frame before the title does.
    await expect.poll(() => title.textContent()).not.toBe(nextWeek);
    const inTwoWeeks = await title.textContent();
    expect(inTwoWeeks).not.toBe(thisWeek);

    await page.reload();
    await page.locator('.res-view[data-view="week"] .cal-title').waitFor();
    await expect.poll(() => title.textContent()).toBe(inTwoWeeks);
    expect(await inViewport(page, '.cal-title')).toBe(true);
    await shot(page, 'week-reloaded');

    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('week') === addDays(weekStart(today), 7));
    await expect.poll(() => title.textContent()).not.toBe(inTwoWeeks);
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('week') === null);
    await expect.poll(() => title.textContent()).toBe(thisWeek);
    await page.goForward();
    await page.goForward();
    await expect.poll(() => title.textContent()).toBe(inTwoWeeks);
    // Sections have addresses too: back from Parties returns to the week.
    await openSection(page, 'Parties');
    await page.waitForURL((u) => u.searchParams.get('section') === 'parties');
    await page.getByRole('heading', { name: /Party Bookings/ }).waitFor();
    await page.goBack();
    await expect.poll(() => title.textContent()).toBe(inTwoWeeks);
  });

  it('counts up the pending parties badge when a guest requests a party in another browser, without a reload', async () => {
    await openSection(page, 'Reservations');
    await page.locator('.live-updates[data-live="live"]').getByText('Live').waitFor();
    await page.evaluate(() => ((window as unknown as { loadMark: string }).loadMark = 'still here'));
    const before = await pendingCount(page);
    const asked = await pageFetch<{ id: string }>(guest, 'POST', '/api/party-bookings', {
      name: `Perry Party ${label}`,
      email: `perry.${label}@example.com`,
      phone: '(262) 555-0143',
      eventType: 'birthday',
      partySize: 24,
      date: later,
      time: slotsFor(later).at(-3)!,
      specialRequests: '',
    });
    expect(asked.status).toBe(201);
    await expect.poll(() => pendingCount(page), { timeout: 5000 }).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { loadMark?: string }).loadMark)).toBe('still here');
    const badge = isNarrow(page) ? '.pending-badge-button' : '.admin-tabs .pending-badge';
    expect(await inViewport(page, badge)).toBe(true);
    await shot(page, 'pending-badge');

    // Approved (the calendar shows approved parties), it leaves the count, live too.
    const approved = await pageFetch(page, 'PATCH', `/api/party-bookings/${asked.json.id}/approve`, { status: 'approved' });
    expect(approved.status).toBe(200);
    await expect.poll(() => pendingCount(page), { timeout: 5000 }).toBe(before);

    // The filter covers parties: a minimum of 20 guests keeps the party of 24 and drops the table of 4.
    await openView(page, 'List View');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filter Reservations' });
    await filters.getByLabel('Min party size').fill('20');
    await filters.getByLabel('Max party size').fill('30');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await filters.waitFor({ state: 'detached' });
    await page.locator('.res-view').getByText(`Perry Party ${label}`).first().waitFor();
    await expect.poll(() => page.locator('.res-view').getByText(`Pat Phone ${label}`).count()).toBe(0);
    await shot(page, 'party-size-filter');
  });
});
