import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, formatLongDate, slotsFor, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, fillDate, openSection, SCREENSHOTS, shot } from './support/dashboard';
import { axeViolations } from './support/axe';

/**
 * Events share the café's room: staff set how many seats an event uses (empty: its places taken, 0: another
 * room) and for how long, in the event dialog; seats the tables already hold are refused with the date,
 * the seats free and the seats asked for. At a phone's size and a desktop's.
 */
const ADMIN_EMAIL = 'owner@example.com';
const CAPACITY = 20;
let date = addDays(todayIn('America/Chicago'), 5);
while (!slotsFor(date).includes('19:00')) date = addDays(date, 1);

let server: RunningServer;
let chromium: LaunchedBrowser;
let admin: BrowserContext;
let adminPage: Page;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  ({ context: admin, page: adminPage } = await signInAsStaff(chromium.browser, server.url, ADMIN_EMAIL));
  const staffFetch = (method: string, path: string, body?: unknown) => pageFetch(adminPage, method, path, body);
  expect((await staffFetch('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: CAPACITY })).status).toBe(200);
  // Two tables of 8 at 7 PM: 4 of the 20 seats are left then.
  for (const n of [1, 2]) {
    const table = { name: `Table ${n}`, email: `table${n}@example.com`, phone: '(262) 555-0150', partySize: 8, date, time: '19:00' };
    expect((await staffFetch('POST', '/api/admin/reservations', table)).status).toBe(201);
  }
}, 300_000);

afterAll(async () => {
  await admin?.close();
  await chromium?.close();
  await server?.stop();
});

describe.each([
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])('staff at $width×$height', ({ width, height }) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context: ctx, page } = await signInAsStaff(chromium.browser, server.url, ADMIN_EMAIL, { width, height }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('an event asking for seats the tables hold is refused with the date and the seats; 0 seats (another room) is saved and read back', async () => {
    const title = `Tournament ${width}`;
    await openSection(page, 'Events');
    await page.getByRole('button', { name: 'Add Event' }).click();
    const dialog = page.getByRole('dialog');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await fillDate(page, page.locator('#event-date'), date);
    await page.locator('#event-time').selectOption('19:00');
    // The hints say what an empty field means.
    expect(await dialog.locator('#event-seats-hint').textContent()).toBe(
      "Empty: as many as its places taken. 0: it is held in another room and takes none of the café's seats.",
    );
    expect(await dialog.locator('#event-length-hint').textContent()).toBe(
      'How long it holds its seats. Empty: until it ends, or the table-holding time.',
    );
    await page.locator('#event-seats').fill('10');
    await page.locator('#event-length').selectOption({ label: '3 hours' });
    // On a phone the seat fields are below the fold: the picture shows them with their hints.
    await page.locator('#event-length-hint').scrollIntoViewIfNeeded();
    await shot(page, 'event-seats-dialog');
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    await expectToast(
      page,
      'Event not created',
      `Not enough seats on ${formatLongDate(date)} at 7:00 PM: 4 of the café's ${CAPACITY} seats are free then and this event needs 10. Give it fewer seats (0 if it is held in another room) or another time.`,
      'event-seats-refused',
    );

    await page.locator('#event-seats').fill('0');
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    await expectToast(page, 'Event created successfully');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect.poll(() => page.locator('#event-seats').inputValue()).toBe('0');
    expect(await page.locator('#event-length option:checked').textContent()).toBe('3 hours');
    await page.locator('#event-length-hint').scrollIntoViewIfNeeded();
    await shot(page, 'event-seats-edit');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  });
});
