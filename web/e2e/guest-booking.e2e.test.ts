import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  type BlockedDate,
  GUEST_BOOKING_CANCELLED,
  GUEST_BOOKING_CANCELLED_TOAST,
  GUEST_BOOKING_CHANGED_TOAST,
  GUEST_LINK_INVALID,
  addDays,
  formatLongDate,
  formatTime12,
  openingHoursOf,
  slotsFor,
  todayIn,
  type BookingHistory,
  type OpeningHours,
} from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, openView, SCREENSHOTS, usDate } from './support/dashboard';
import { manageLinkFromOutbox } from './support/outbox';
import { axeViolations } from './support/axe';
import { picture } from './support/picture';

/**
 * A guest manages their booking through the link in their confirmation e-mail, read out of the
 * embedded mailer's outbox, in a real browser at 1440×900 and 390×844: changes the time and party
 * size, staff see "Guest" in the booking's history, moves it to another day picked from the calendar,
 * the guest cancels, and the link stops working.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const day = addDays(todayIn(ZONE), 2);
const [firstSlot, , , laterSlot] = slotsFor(day);

let server: RunningServer;
let chromium: LaunchedBrowser;
let hours: OpeningHours;
let blocked: string[] = [];

beforeAll(async () => {
  server = await sharedServer(); // the run's shared gateway: this file counts only its own bookings
  chromium = await launchChromium();
  hours = openingHoursOf((await (await fetch(`${server.url}/api/business-info`)).json()) as Parameters<typeof openingHoursOf>[0]);
  blocked = ((await (await fetch(`${server.url}/api/blocked-dates`)).json()) as BlockedDate[]).map((b) => b.date);
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

/**
 * The day a guest moves to: open, and with other times than the days beside it, so a pick that landed a
 * day off would show other times (with the demo's hours, a Saturday).
 */
function moveDay(from: string): string {
  const times = (d: string) => slotsFor(d, hours).join();
  for (let d = from; ; d = addDays(d, 1)) {
    if (blocked.includes(d) || times(d) === '') continue;
    if (times(d) !== times(addDays(d, -1)) && times(d) !== times(addDays(d, 1))) return d;
  }
}

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe.each([
  { width: 390, height: 844, label: 'phone' },
  { width: 1440, height: 900, label: 'desktop' },
] as const)('a guest at $width×$height', ({ width, height, label }) => {
  const viewport = { width, height };
  const name = `Gwen Guest ${label}`;
  const email = `gwen.${label}@example.com`;
  let guestCtx: BrowserContext;
  let guest: Page;
  let staffCtx: BrowserContext;
  let staff: Page;
  let link = '';
  let id = '';
  let moved = { date: '', time: '' };

  beforeAll(async () => {
    guestCtx = await chromium.browser.newContext({ viewport });
    guest = await guestCtx.newPage();
    await guest.goto(`${server.url}/`);
    const res = await pageFetch<{ id: string }>(guest, 'POST', '/api/reservations', {
      name,
      email,
      phone: '(262) 555-0100',
      partySize: 4,
      date: day,
      time: firstSlot,
    });
    expect(res.status).toBe(201);
    id = res.json.id;
    link = await manageLinkFromOutbox(server.dataDir, email);
    ({ context: staffCtx, page: staff } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
  });

  afterAll(async () => {
    await guestCtx?.close();
    await staffCtx?.close();
  });

  it('opens the e-mailed link and sees the booking: name, long date, 12-hour time, party size', async () => {
    expect(new URL(link).origin).toBe(server.url);
    await guest.goto(link);
    await guest.getByRole('heading', { name: 'Your booking' }).waitFor();
    const details = guest.locator('.manage-booking-details');
    for (const text of [name, formatLongDate(day), formatTime12(firstSlot!), '4 people']) {
      await details.getByText(text, { exact: true }).waitFor();
    }
    await guest.getByText('Confirmed', { exact: true }).waitFor();
    expect(await axeViolations(guest)).toEqual([]);
  });

  it('changes the time and party size; staff see the change by "Guest" in the history', async () => {
    await guest.getByLabel('Time', { exact: true }).selectOption(laterSlot!);
    await guest.getByLabel('Party size', { exact: true }).selectOption('6');
    await guest.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(guest, GUEST_BOOKING_CHANGED_TOAST);
    const details = guest.locator('.manage-booking-details');
    await details.getByText(formatTime12(laterSlot!), { exact: true }).waitFor();
    await details.getByText('6 people', { exact: true }).waitFor();
    await guest.waitForTimeout(250);
    await picture(guest, { path: join(SCREENSHOTS, `guest-booking-page-${width}x${height}.png`), fullPage: true });

    await openView(staff, 'List View');
    await staff.getByRole('button', { name: `Edit ${name}'s reservation` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Edit Reservation' });
    await dialog.getByRole('tab', { name: 'History' }).click();
    const change = dialog.locator('li.booking-history-entry', { hasText: 'Reservation changed' });
    await change.waitFor();
    expect(await change.locator('.bp6-tag').textContent()).toBe('Guest');
    expect(await change.textContent()).toContain(formatTime12(laterSlot!));
    await picture(staff, { path: join(SCREENSHOTS, `guest-booking-history-${width}x${height}.png`) });
    await staff.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("moves it to another day picked from the calendar: that day's times, the time picked again, the new date shown", async () => {
    const newDay = moveDay(addDays(day, 3));
    const newTime = slotsFor(newDay, hours)[2]!;
    const form = guest.getByRole('form', { name: 'Change date, time or party size' });
    const input = form.locator('#guest-date');
    expect(await input.inputValue()).toBe(usDate(day));
    await input.click();
    const picker = guest.locator('.bp6-datepicker .rdp');
    await picker.waitFor();
    const [year, month, date] = newDay.split('-').map(Number) as [number, number, number];
    await picker.locator('select[name="years"]').selectOption(String(year));
    await picker.locator('select[name="months"]').selectOption(String(month - 1));
    const button = picker.locator('button[name="day"]:not(.rdp-day_outside)').getByText(String(date), { exact: true });
    await button.click();
    await picker.waitFor({ state: 'detached' });

    // The day picked is the day in the field, its times are offered, and the old time is not kept.
    await expect.poll(() => input.inputValue()).toBe(usDate(newDay));
    const time = form.locator('#guest-time');
    expect(await time.inputValue()).toBe('');
    const offered = (await time.locator('option').allInnerTexts()).slice(1).map((t) => t.replace(/ \(.*\)$/, ''));
    expect(offered).toEqual(slotsFor(newDay, hours).map(formatTime12));
    await guest.waitForTimeout(250);
    await picture(guest, { path: join(SCREENSHOTS, `guest-booking-move-date-${width}x${height}.png`), fullPage: true });

    await time.selectOption(newTime);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(guest, GUEST_BOOKING_CHANGED_TOAST);
    const details = guest.locator('.manage-booking-details');
    await details.getByText(formatLongDate(newDay), { exact: true }).waitFor();
    await details.getByText(formatTime12(newTime), { exact: true }).waitFor();
    expect(await input.inputValue()).toBe(usDate(newDay));
    // The café holds it on the new day (its own answer, not the page's).
    const stored = await pageFetch<{ date: string; time: string }>(staff, 'GET', `/api/admin/reservations/${id}`);
    expect(stored.json).toMatchObject({ date: newDay, time: newTime });
    moved = { date: newDay, time: newTime };
  });

  it('cancels after confirming; the link then says the booking was cancelled, and the history says guest', async () => {
    await guest.getByRole('button', { name: 'Cancel booking' }).click();
    const alert = guest.getByRole('alertdialog');
    await alert
      .getByText(`Cancel your booking for 6 people on ${formatLongDate(moved.date)} at ${formatTime12(moved.time)}?`, { exact: false })
      .waitFor();
    await guest.waitForTimeout(250);
    await picture(guest, { path: join(SCREENSHOTS, `guest-booking-cancel-${width}x${height}.png`) });
    await alert.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await guest.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
    await expectToast(guest, GUEST_BOOKING_CANCELLED_TOAST);

    await guest.goto(link);
    await guest.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await guest.getByText(GUEST_BOOKING_CANCELLED).waitFor();
    await picture(guest, { path: join(SCREENSHOTS, `guest-booking-gone-${width}x${height}.png`), fullPage: true });

    const history = await pageFetch<BookingHistory>(staff, 'GET', `/api/admin/reservations/${id}/history`);
    expect(history.json.active).toBe(false);
    expect(history.json.events.at(-1)).toMatchObject({ what: 'Reservation cancelled', actorKind: 'guest', by: 'guest' });
    // Gone from the staff's list.
    await staff.reload();
    await openView(staff, 'List View');
    await staff.getByRole('button', { name: `Edit ${name}'s reservation` }).waitFor({ state: 'detached' });
  });

  it('a tampered link gets the friendly page, not the booking', async () => {
    const tampered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await guest.goto(tampered);
    await guest.getByRole('heading', { name: 'This link is not valid' }).waitFor();
    await guest.getByText(GUEST_LINK_INVALID).waitFor();
    expect(await axeViolations(guest)).toEqual([]);
    expect(await guest.getByRole('link', { name: 'Book a table' }).isVisible()).toBe(true);
  });
});
