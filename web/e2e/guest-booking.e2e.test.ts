import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  GUEST_BOOKING_CANCELLED,
  GUEST_BOOKING_CANCELLED_TOAST,
  GUEST_BOOKING_CHANGED_TOAST,
  GUEST_LINK_INVALID,
  addDays,
  formatLongDate,
  formatTime12,
  slotsFor,
  todayIn,
  type BookingHistory,
} from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, openView, SCREENSHOTS } from './support/dashboard';
import { manageLinkFromOutbox } from './support/outbox';
import { axeViolations } from './support/axe';
import { picture } from './support/picture';

/**
 * A guest manages their booking through the link in their confirmation e-mail, read out of the
 * embedded mailer's outbox, in a real browser at 1440×900 and 390×844: changes the time and party
 * size, staff see "Guest" in the booking's history, the guest cancels, and the link stops working.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const day = addDays(todayIn(ZONE), 2);
const [firstSlot, , , laterSlot] = slotsFor(day);

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await sharedServer(); // the run's shared gateway: this file counts only its own bookings
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

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

  it('cancels after confirming; the link then says the booking was cancelled, and the history says guest', async () => {
    await guest.getByRole('button', { name: 'Cancel booking' }).click();
    const alert = guest.getByRole('alertdialog');
    await alert
      .getByText(`Cancel your booking for 6 people on ${formatLongDate(day)} at ${formatTime12(laterSlot!)}?`, { exact: false })
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
