import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  GUEST_CHANGE_TO_CONFIRM,
  addDays,
  formatLongDate,
  formatTime12,
  heldBookingNote,
  openingHoursOf,
  partyChangeWaitingMessage,
  slotsFor,
  todayIn,
  type BlockedDate,
  type OpeningHours,
} from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, openSection, SCREENSHOTS } from './support/dashboard';
import { manageLinkFromOutbox, outboxMailsTo } from './support/outbox';
import { picture } from './support/picture';

/**
 * A guest grows a party staff approved, through the link of their e-mails, at 390×844 and 1440×900 in the
 * café's zone: the page says we'll confirm and what stays held, staff see the change waiting in Parties
 * with the approved booking it replaces, approve it, and the guest's page and mail say it is confirmed.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';

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

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** An open day from `from` on with at least three times. */
function openDay(from: string): string {
  for (let d = from; ; d = addDays(d, 1)) if (!blocked.includes(d) && slotsFor(d, hours).length >= 3) return d;
}

const people = (n: number) => `${n} people`;

describe.each([
  { width: 390, height: 844, label: 'phone', offset: 9 },
  { width: 1440, height: 900, label: 'desktop', offset: 10 },
] as const)('a guest grows an approved party at $width×$height', ({ width, height, label, offset }) => {
  const viewport = { width, height };
  const name = `Hal Host ${label}`;
  const email = `hal.${label}@example.com`;
  const day = openDay(addDays(todayIn(ZONE), offset));
  const time = slotsFor(day, hours)[1]!;
  const held = `${formatLongDate(day)} at ${formatTime12(time)}`;
  let guestCtx: BrowserContext;
  let guest: Page;
  let staffCtx: BrowserContext;
  let staff: Page;
  let link = '';

  beforeAll(async () => {
    guestCtx = await chromium.browser.newContext({ viewport });
    guest = await guestCtx.newPage();
    await guest.goto(`${server.url}/`);
    const res = await pageFetch<{ id: string }>(guest, 'POST', '/api/party-bookings', {
      name,
      email,
      phone: '(262) 555-0100',
      eventType: 'birthday',
      partySize: 8,
      date: day,
      time,
    });
    expect(res.status).toBe(201);
    link = await manageLinkFromOutbox(server.dataDir, email);
    ({ context: staffCtx, page: staff } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    const approved = await pageFetch(staff, 'PATCH', `/api/party-bookings/${res.json.id}/approve`, { status: 'approved' });
    expect(approved.status).toBe(200);
  });

  afterAll(async () => {
    await guestCtx?.close();
    await staffCtx?.close();
  });

  it("the guest makes it 15 people: the page says we'll confirm, and that the approved 8 stay booked meanwhile", async () => {
    await guest.goto(link);
    await guest.getByText('Confirmed', { exact: true }).waitFor();
    await guest.getByLabel('Party size', { exact: true }).selectOption('15');
    await guest.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(guest, GUEST_CHANGE_TO_CONFIRM);
    await guest.getByText('Awaiting approval', { exact: true }).waitFor();
    await guest.getByText(heldBookingNote(held, people(8))).waitFor();
    await guest.locator('.manage-booking-details').getByText(people(15), { exact: true }).waitFor();
    await guest.waitForTimeout(250);
    await picture(guest, { path: join(SCREENSHOTS, `party-change-guest-${width}x${height}.png`), fullPage: true });
    // Their mail says so too.
    await expect
      .poll(async () => (await outboxMailsTo(server.dataDir, email)).map((m) => m.subject))
      .toContain(`We’ll confirm your change: ${held}`);
  });

  it('staff see the change waiting in Parties with the approved booking it replaces, and approve it', async () => {
    await openSection(staff, 'Parties');
    await staff.getByRole('button', { name: `Approve or reject ${name}'s party` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Approve/Reject Party Booking' });
    await dialog.getByText(partyChangeWaitingMessage(held, '8 guests')).waitFor();
    await dialog.getByText('15 guests', { exact: false }).waitFor();
    await staff.waitForTimeout(250);
    await picture(staff, { path: join(SCREENSHOTS, `party-change-staff-${width}x${height}.png`) });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(staff, 'Party booking approved!');

    // The guest's page: confirmed for 15, nothing held any more; their mail says the change is confirmed.
    await guest.reload();
    await guest.getByText('Confirmed', { exact: true }).waitFor();
    await guest.locator('.manage-booking-details').getByText(people(15), { exact: true }).waitFor();
    expect(await guest.locator('.manage-booking-held').count()).toBe(0);
    await expect
      .poll(async () => (await outboxMailsTo(server.dataDir, email)).map((m) => m.subject))
      .toContain(`Your change is confirmed: ${held}`);
  });
});
