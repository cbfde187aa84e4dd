import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DATE_CHOICE_MESSAGE,
  GUEST_BOOKING_CANCELLED,
  addDays,
  formatLongDate,
  rangeLength,
  slotsFor,
  todayIn,
  weekStart,
} from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { chipOn, expectToast, fillDate, isNarrow, openSection, openView, SCREENSHOTS } from './support/dashboard';
import { approveParty, bookAsGuest } from './support/bookings';
import { manageLinkFromOutbox, outboxMailsTo } from './support/outbox';
import { picture } from './support/picture';

/**
 * Closing one day from the inline Block Date form: it shows the day's reservation and approved party
 * before confirming. "Cancel" cancels both, each guest gets one e-mail and their manage page says the
 * booking is cancelled; on another day "keep" leaves both, flagged "Closed day" in the List View, the
 * week and month views (their closed day shaded and labelled), the Parties list and the booking's
 * dialog. At 1440×900 and 390×844.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);

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

/** The subjects of the e-mails the gateway wrote to `to`, oldest first. */
const subjectsTo = async (to: string) => (await outboxMailsTo(server.dataDir, to)).map((mail) => mail.subject ?? '');

/** The first day from `from` on which the café takes bookings. */
function openDay(from: string): string {
  let day = from;
  while (slotsFor(day).length < 6) day = addDays(day, 1);
  return day;
}

const SHOT = (name: string, page: Page) => {
  const { width, height } = page.viewportSize()!;
  return picture(page, { path: join(SCREENSHOTS, `close-day-${name}-${width}x${height}.png`) });
};

const SIZES = [
  { width: 1440, height: 900, label: 'desktop', offset: 9 },
  { width: 390, height: 844, label: 'phone', offset: 16 },
] as const;

describe.each(SIZES)('staff at $width×$height', ({ width, height, label, offset }) => {
  const viewport = { width, height };
  const cancelDay = openDay(addDays(today, offset));
  const keepDay = openDay(addDays(cancelDay, 1));
  const cancelReason = `Burst pipe ${label}`;
  const keepReason = `Private tournament ${label}`;
  const guests = {
    cancelTable: { name: `Cora Table ${label}`, email: `cora.${label}@example.com`, date: cancelDay, party: false },
    cancelParty: { name: `Cal Party ${label}`, email: `cal.${label}@example.com`, date: cancelDay, party: true },
    keepTable: { name: `Kim Table ${label}`, email: `kim.${label}@example.com`, date: keepDay, party: false },
    keepParty: { name: `Kit Party ${label}`, email: `kit.${label}@example.com`, date: keepDay, party: true },
  };
  type Key = keyof typeof guests;
  let staff: BrowserContext;
  let page: Page;
  let visitorCtx: BrowserContext;
  let visitor: Page;
  const ids = {} as Record<Key, string>;
  const links = {} as Record<Key, string>;

  beforeAll(async () => {
    visitorCtx = await chromium.browser.newContext({ viewport });
    visitor = await visitorCtx.newPage();
    await visitor.goto(`${server.url}/`);
    const parties: { id: string; version: number; email: string }[] = [];
    for (const [key, g] of Object.entries(guests) as [Key, (typeof guests)[Key]][]) {
      // The table at an earlier slot than the party: the preview lists them by time.
      const booked = await bookAsGuest(visitor, { ...g, time: slotsFor(g.date).at(g.party ? -3 : -6)! });
      ids[key] = booked.id;
      if (g.party) parties.push({ ...booked, email: g.email });
      links[key] = await manageLinkFromOutbox(server.dataDir, g.email);
    }
    // Staff sign in after the guests booked: a live "New booking" notice of theirs arriving late would
    // take the place of the block's own toast (one toast at a time).
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    for (const party of parties) await approveParty(page, party.id, party.version);
    // Each approval's e-mail goes out after the answer: the tests count a guest's e-mails from here.
    for (const party of parties) {
      await vi.waitFor(
        async () => expect((await subjectsTo(party.email)).some((s) => s.startsWith('Your party booking is confirmed'))).toBe(true),
        { timeout: 10_000, interval: 100 },
      );
    }
    await openSection(page, 'Blocked Dates');
  });
  afterAll(async () => {
    await visitorCtx?.close();
    await staff?.close();
  });

  /** Opens the inline form and fills the day and reason: the day's bookings show before confirming. */
  async function fillBlockDate(day: string, reason: string, first: Key, second: Key) {
    await page.getByRole('button', { name: 'Block Date' }).click();
    const form = page.getByRole('form', { name: 'Block a date' });
    await fillDate(page, form.locator('#block-date'), day);
    await form.locator('#block-reason').fill(reason);
    const preview = form.getByRole('list', { name: 'Bookings on this date' });
    await preview.getByText(guests[second].name).waitFor();
    expect(await preview.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining(guests[first].name),
      expect.stringContaining(guests[second].name),
    ]);
    await form.getByText('2 bookings on this date.').waitFor();
    expect(await preview.getByText('Birthday Party (approved)').count()).toBe(1);
    expect(await preview.getByText('Reservation', { exact: true }).count()).toBe(1);
    return form;
  }

  it('shows the reservation and the approved party before confirming; "cancel" cancels both, one e-mail each', async () => {
    const before = {
      table: (await subjectsTo(guests.cancelTable.email)).length,
      party: (await subjectsTo(guests.cancelParty.email)).length,
    };
    const form = await fillBlockDate(cancelDay, cancelReason, 'cancelTable', 'cancelParty');
    // No choice made yet: the form asks for one, with the contract's message.
    await form.getByRole('button', { name: 'Block Date' }).click();
    await form.getByText(DATE_CHOICE_MESSAGE).first().waitFor();
    await form.getByText('Cancel them and e-mail each guest').click();
    const confirm = form.getByRole('button', { name: 'Block and cancel 2 bookings' });
    await confirm.waitFor();
    await form.scrollIntoViewIfNeeded();
    await page.waitForTimeout(250);
    await SHOT('cancel-preview', page);

    await confirm.click();
    await expectToast(page, 'Date blocked successfully', '2 bookings cancelled and each guest e-mailed.');
    await form.waitFor({ state: 'detached' });
    await page
      .locator('.blocked-dates-row', { hasText: formatLongDate(cancelDay) })
      .getByText(cancelReason)
      .waitFor();

    // Exactly one new e-mail to each guest: the closure's cancellation.
    for (const [key, n] of [
      ['cancelTable', before.table],
      ['cancelParty', before.party],
    ] as const) {
      await expect.poll(async () => (await subjectsTo(guests[key].email)).length, { timeout: 10_000 }).toBe(n + 1);
      expect((await subjectsTo(guests[key].email)).at(-1)).toMatch(/is cancelled: we are closed$/);
    }
    await page.waitForTimeout(1000);
    expect((await subjectsTo(guests.cancelTable.email)).length).toBe(before.table + 1);
    expect((await subjectsTo(guests.cancelParty.email)).length).toBe(before.party + 1);

    // Each guest's manage page says the booking is cancelled.
    for (const key of ['cancelTable', 'cancelParty'] as const) {
      await visitor.goto(links[key]);
      await visitor.getByText(GUEST_BOOKING_CANCELLED).waitFor();
      await visitor.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    }
    await SHOT('manage-cancelled', visitor);
    const reservations = await pageFetch<{ id: string }[]>(page, 'GET', '/api/reservations');
    expect(reservations.json.map((r) => r.id)).not.toContain(ids.cancelTable);
    const parties = await pageFetch<{ id: string }[]>(page, 'GET', '/api/party-bookings');
    expect(parties.json.map((r) => r.id)).not.toContain(ids.cancelParty);
  });

  it('"keep" leaves both on the closed day, flagged in the List View, week and month views, Parties and the dialog', async () => {
    const before = (await subjectsTo(guests.keepTable.email)).length + (await subjectsTo(guests.keepParty.email)).length;
    const form = await fillBlockDate(keepDay, keepReason, 'keepTable', 'keepParty');
    await form.getByText('Keep them: the guests still come on a closed day').click();
    await form.getByRole('button', { name: 'Block Date' }).click();
    await expectToast(page, 'Date blocked successfully', '2 bookings kept, flagged "Closed day" in the dashboard.');
    await form.waitFor({ state: 'detached' });
    await page.waitForTimeout(1000);
    expect((await subjectsTo(guests.keepTable.email)).length + (await subjectsTo(guests.keepParty.email)).length).toBe(before);

    const flag = `Closed day: ${keepReason}`;
    await openSection(page, 'Reservations');
    await openView(page, 'List View');
    for (const key of ['keepTable', 'keepParty'] as const) {
      const row = page.locator(`.booking-table tr[data-booking-id="${ids[key]}"]`);
      await row.getByText(flag).waitFor();
    }
    await page.locator(`.booking-table tr[data-booking-id="${ids.keepTable}"]`).scrollIntoViewIfNeeded();
    await SHOT('list', page);

    await openView(page, 'Week View');
    const weeks = (rangeLength(weekStart(today), weekStart(keepDay)) - 1) / 7;
    for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
    await expectFlagged(flag);
    if (isNarrow(page)) {
      await page.locator(`li.day-list-day.is-closed[data-date="${keepDay}"] h4`).getByText(flag).waitFor();
    } else {
      const head = page.locator(`.week-grid thead th.is-closed[data-date="${keepDay}"]`);
      await head.getByText('Closed day').waitFor();
      expect(await head.locator('.closed-day-flag').getAttribute('title')).toBe(flag);
      // The whole column is shaded, not the chips' cells only.
      expect(await page.locator(`.week-grid tbody td.is-closed[data-date="${keepDay}"]`).count()).toBe(15);
      expect(await page.locator(`.week-grid tbody td.is-closed`).count()).toBe(weekStart(cancelDay) === weekStart(keepDay) ? 30 : 15);
    }
    await chipOn(page, keepDay, guests.keepTable.name).scrollIntoViewIfNeeded();
    await SHOT('week', page);

    await openView(page, 'Month View');
    const months =
      Number(keepDay.slice(0, 4)) * 12 + Number(keepDay.slice(5, 7)) - (Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)));
    for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Next month' }).click();
    await expectFlagged(flag);
    if (isNarrow(page)) {
      await page.locator(`li.day-list-day.is-closed[data-date="${keepDay}"] h4`).getByText(flag).waitFor();
    } else {
      await page.locator(`.month-grid td.is-closed[data-date="${keepDay}"] > .closed-day-flag`).getByText('Closed day').waitFor();
    }
    await chipOn(page, keepDay, guests.keepTable.name).scrollIntoViewIfNeeded();
    await SHOT('month', page);

    // The booking's dialog says it too.
    await chipOn(page, keepDay, guests.keepTable.name).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Reservation' });
    await dialog.locator('.closed-day-notice').getByText(keepReason, { exact: false }).waitFor();
    await page.waitForTimeout(250);
    await SHOT('dialog', page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await openSection(page, 'Parties');
    const partyRow = page.locator(`.parties-table tr[data-party-id="${ids.keepParty}"]`);
    await partyRow.getByText(flag).waitFor();
    await partyRow.scrollIntoViewIfNeeded();
    await SHOT('parties', page);
    await openSection(page, 'Blocked Dates');

    // The kept guest's own page says the day is closed (the café's phone to move it) and offers no time that day.
    await visitor.goto(links.keepTable);
    const notice = visitor.getByRole('status').filter({ hasText: `Sorry, we are closed on this date: ${keepReason}` });
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ }).count()).toBe(1);
    expect(await visitor.getByRole('heading', { name: 'Change date, time or party size' }).count()).toBe(0);
    await visitor.getByRole('button', { name: 'Cancel booking' }).waitFor();
    await SHOT('manage-kept', visitor);
  });

  /** Both kept bookings' chips on the closed day carry the flag, and say it to a screen reader. */
  async function expectFlagged(flag: string) {
    for (const key of ['keepTable', 'keepParty'] as const) {
      const chip = chipOn(page, keepDay, guests[key].name);
      await chip.getByText('Closed day').waitFor();
      expect(await chip.getAttribute('aria-label')).toContain(`on a closed day: ${keepReason}`);
      expect(await chip.locator('.closed-day-flag').getAttribute('title')).toBe(flag);
    }
  }
});
