import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ParsedMail } from 'mailparser';
import {
  GUEST_BOOKING_CANCELLED_TOAST,
  GUEST_BOOKING_CHANGED_TOAST,
  GUEST_UPDATE_TITLE,
  addDays,
  formatLongDate,
  formatTime12,
  slotsFor,
  todayIn,
} from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { expectToastInView, pageFetch, signInAsStaff } from './support/staff';
import { expectToast, openSection, openView, SCREENSHOTS } from './support/dashboard';
import { manageLinkFromOutbox, outboxMailsTo } from './support/outbox';
import { picture } from './support/picture';

/**
 * Guests and staff hear about a guest's own changes, in real browsers at 1440×900 and 390×844: staff
 * have the dashboard open, a guest changes and then cancels their reservation through the link in
 * their confirmation e-mail; each step mails the guest exactly once (read out of the outbox) and shows
 * staff a "Guest update" notice inside their viewport, with the open list already refreshed.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
// A day with opening hours, a few days ahead, so every slot of it is still bookable.
const day = [2, 3, 4, 5, 6, 7, 8].map((n) => addDays(today, n)).find((d) => slotsFor(d).length > 0)!;
const [firstSlot, , , laterSlot] = slotsFor(day);

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

const icsOf = (mail: ParsedMail) => mail.attachments.find((a) => a.filename === 'booking.ics')?.content.toString('utf8') ?? '';
const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();

describe.each([
  { width: 1440, height: 900, label: 'desktop' },
  { width: 390, height: 844, label: 'phone' },
] as const)('a guest changes and cancels while staff watch, at $width×$height', ({ width, height, label }) => {
  const viewport = { width, height };
  const name = `Nora Notice ${label}`;
  const email = `nora.${label}@example.com`;
  let staffCtx: BrowserContext;
  let staff: Page;
  let guestCtx: BrowserContext;
  let guest: Page;
  let id = '';
  let uid: string | undefined;

  /** Waits for the guest's n-th mail, then checks no other one follows it: exactly one per step. */
  async function nthMail(n: number): Promise<ParsedMail> {
    await expect.poll(async () => (await outboxMailsTo(server.dataDir, email)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
    await guest.waitForTimeout(1000);
    const mails = await outboxMailsTo(server.dataDir, email);
    expect(mails).toHaveLength(n);
    return mails[n - 1]!;
  }

  /** The staff's "Guest update" notice, wholly inside their viewport; a screenshot; then dismissed. */
  async function staffSeesNotice(description: string, screenshot: string) {
    // Kept while the pointer is on it, as for a reader (a notice leaves by itself after 5 s: on a busy
    // machine the steps below took longer, and the close button was gone before it was pressed).
    const notice = await expectToastInView(staff, GUEST_UPDATE_TITLE);
    await notice.getByText(description).waitFor({ timeout: 5000 });
    expect(await notice.locator('[role="status"]').count()).toBe(1);
    await staff.waitForTimeout(300); // the toast's entry transition
    await picture(staff, { path: join(SCREENSHOTS, `guest-notice-${screenshot}-${width}x${height}.png`) });
    await notice.locator('button').last().click();
    await notice.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    ({ context: staffCtx, page: staff } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    await openSection(staff, 'Reservations');
    await openView(staff, 'List View');
    await staff.locator('.live-updates[data-live="live"]').getByText('Live').waitFor();
    guestCtx = await chromium.browser.newContext({ viewport });
    guest = await guestCtx.newPage();
    await guest.goto(`${server.url}/`);
  });

  afterAll(async () => {
    await guestCtx?.close();
    await staffCtx?.close();
  });

  it('given a reservation the guest made on the website (its confirmation mailed, staff told)', async () => {
    const booked = await pageFetch<{ id: string }>(guest, 'POST', '/api/reservations', {
      name,
      email,
      phone: '(262) 555-0177',
      partySize: 4,
      date: day,
      time: firstSlot,
    });
    expect(booked.status).toBe(201);
    id = booked.json.id;
    // Staff hear of the booking itself as before.
    await expectToast(staff, 'New booking', 'A new reservation just came in.');
    uid = field(icsOf(await nthMail(1)), 'UID');
    expect(uid).toBeTruthy();
  });

  it("the guest's change: one e-mail to the guest with the updated .ics, and a notice on the open dashboard", async () => {
    await guest.goto(await manageLinkFromOutbox(server.dataDir, email));
    await guest.getByRole('heading', { name: 'Your booking' }).waitFor();
    await guest.getByLabel('Time', { exact: true }).selectOption(laterSlot!);
    await guest.getByLabel('Party size', { exact: true }).selectOption('6');
    await guest.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(guest, GUEST_BOOKING_CHANGED_TOAST);

    const mail = await nthMail(2);
    expect(mail.subject).toBe(`Your booking was changed: ${formatLongDate(day)} at ${formatTime12(laterSlot!)}`);
    expect(mail.text).toContain('6 people');
    const ics = icsOf(mail);
    expect(field(ics, 'UID')).toBe(uid);
    expect(field(ics, 'SEQUENCE')).toBe('1');

    await staffSeesNotice('A guest changed their reservation.', 'changed');
    // The open list already shows the new time and size, without a reload.
    const row = staff.locator(`.res-view tr[data-booking-id="${id}"]`);
    await row.getByText(formatTime12(laterSlot!)).waitFor();
    expect(await row.textContent()).toContain('6');
  });

  it("the guest's cancellation: one e-mail to the guest with a METHOD:CANCEL .ics, and a notice on the open dashboard", async () => {
    await guest.getByRole('button', { name: 'Cancel booking' }).click();
    await guest.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel booking' }).click();
    await guest.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
    await expectToast(guest, GUEST_BOOKING_CANCELLED_TOAST);

    const mail = await nthMail(3);
    expect(mail.subject).toBe(`Your booking is cancelled: ${formatLongDate(day)} at ${formatTime12(laterSlot!)}`);
    const ics = icsOf(mail);
    expect(field(ics, 'METHOD')).toBe('CANCEL');
    expect(field(ics, 'UID')).toBe(uid);

    await staffSeesNotice('A guest cancelled their reservation.', 'cancelled');
    await staff.locator(`.res-view tr[data-booking-id="${id}"]`).waitFor({ state: 'detached' });
  });
});
