import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayIn, weekdayOf, type BusinessInfo, type ReservationOut } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, fillDate, openSection, SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';

/**
 * Seats per slot, as a visitor and the staff see it: the café seats 10, the staff fill 6:00 PM on a
 * Saturday, and the public form shows the times that overlap it disabled as fully booked.
 */
const ZONE = 'America/Chicago';
const ADMIN_EMAIL = 'owner@example.com';
const today = todayIn(ZONE);
/** The second Saturday after today: clear of the demo seed's bookings. */
const saturday = (() => {
  let d = addDays(today, 8);
  while (weekdayOf(d) !== 6) d = addDays(d, 1);
  return d;
})();
const FULL_AT_8 = 'Sorry, we are fully booked at 8:00 PM. Please choose another time.';

let server: RunningServer;
let chromium: LaunchedBrowser;
let admin: BrowserContext;
let adminPage: Page;
const staffFetch = <T>(method: string, path: string, body?: unknown) => pageFetch<T>(adminPage, method, path, body);
const staffBooking = (time: string, partySize: number, name: string) => ({
  name,
  email: 'staff.booked@example.com',
  phone: '(262) 555-0170',
  partySize,
  date: saturday,
  time,
});

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  ({ context: admin, page: adminPage } = await signInAsStaff(chromium.browser, server.url, ADMIN_EMAIL));
  const info = await staffFetch<BusinessInfo>('GET', '/api/business-info');
  const saved = await staffFetch<BusinessInfo>('PUT', '/api/admin/business-info', {
    name: info.json.name || 'Meeple Haven',
    seatCapacity: 10,
    holdingMinutes: 120,
  });
  expect(saved.status).toBe(200);
  expect(saved.json).toMatchObject({ seatCapacity: 10, holdingMinutes: 120 });
  // Ten people at 6:00 PM for two hours: every start from 4:30 PM to 7:30 PM would overlap them.
  const full = await staffFetch('POST', '/api/admin/reservations', staffBooking('18:00', 10, 'Table Ten'));
  expect(full.status).toBe(201);
}, 300_000);

afterAll(async () => {
  await admin?.close();
  await chromium?.close();
  await server?.stop();
});

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

describe.each(SIZES)('a visitor at $width×$height', ({ width, height }) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await chromium.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: width < 768 ? 'Reserve' : 'Reserve Table', exact: true })
      .click();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("sees the full slots disabled as 'Fully booked' in the public form", async () => {
    const time = page.locator('#reservation-time');
    await time.scrollIntoViewIfNeeded();
    await page.locator('#reservation-size').selectOption('2');
    await fillDate(page, page.locator('#reservation-date'), saturday);
    const option = (label: string) => time.locator('option', { hasText: label });
    await expect.poll(() => option('6:00 PM').textContent()).toBe('6:00 PM (Fully booked)');
    for (const full of ['4:30 PM', '6:00 PM', '7:30 PM']) expect(await option(full).isDisabled()).toBe(true);
    for (const open of ['4:00 PM', '8:00 PM']) {
      expect(await option(open).isDisabled()).toBe(false);
      expect(await option(open).textContent()).toBe(open);
    }
    await expect(page.locator('#reservation-full').textContent()).resolves.toBe('Fully booked: 4:30 PM – 7:30 PM');
    // Playwright cannot choose a disabled option: the visitor cannot either.
    await expect(time.selectOption({ label: '6:00 PM (Fully booked)' }, { timeout: 1000 })).rejects.toThrow();
    await page.locator('#reservation-name').fill('Ada Lovelace');
    await page.locator('#reservation-email').fill(`ada.${width}@example.com`);
    await page.locator('#reservation-phone').pressSequentially('2625550100');
    await time.selectOption({ label: '8:00 PM' });
    const form = page.getByRole('form', { name: 'Reserve a table' });
    await form.scrollIntoViewIfNeeded();
    await picture(form, { path: join(SCREENSHOTS, `seats-fully-booked-${width}x${height}.png`) });
    // A native select's open list never shows in a screenshot: show its options as a list box for this one picture.
    await time.evaluate((select: HTMLSelectElement) => {
      select.size = select.options.length;
      select.style.height = 'auto';
    });
    await picture(time, { path: join(SCREENSHOTS, `seats-fully-booked-options-${width}x${height}.png`) });
    await time.evaluate((select: HTMLSelectElement) => {
      select.size = 0;
      select.style.height = '';
    });
  });

  it('hears "fully booked" when the last seats went while the form was open, and then sees that slot disabled', async () => {
    // Someone else takes 8:00 PM meanwhile (the staff, by phone): 10 seats, with the override not needed.
    const taken = await staffFetch<{ id: string }>('POST', '/api/admin/reservations', staffBooking('20:00', 10, `Phone ${width}`));
    expect(taken.status).toBe(201);
    try {
      await page.getByRole('button', { name: 'Reserve Table' }).last().click();
      await expectToast(page, 'Reservation Failed', FULL_AT_8);
      await expect
        .poll(() => page.locator('#reservation-time option', { hasText: '8:00 PM' }).textContent())
        .toBe('8:00 PM (Fully booked)');
      const mine = (await staffFetch<ReservationOut[]>('GET', '/api/reservations')).json.filter(
        (r) => r.email === `ada.${width}@example.com`,
      );
      expect(mine).toEqual([]);
    } finally {
      // Cancelling that booking frees 8:00 PM again for the next visitor.
      expect((await staffFetch('DELETE', `/api/reservations/${taken.json.id}`)).status).toBe(200);
    }
  });
});

describe('the staff at 1440×900', () => {
  it('are warned at a full slot and may book anyway', async () => {
    await adminPage.goto(`${server.url}/admin`);
    await openSection(adminPage, 'Reservations');
    await adminPage.getByRole('button', { name: '+ Add' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add New Reservation' });
    await dialog.waitFor();
    await dialog.locator('#add-reservation-name').fill('Walk-in Group');
    await dialog.locator('#add-reservation-email').fill('walkin@example.com');
    await dialog.locator('#add-reservation-phone').pressSequentially('4145550123');
    await dialog.locator('#add-reservation-size').selectOption('4');
    await fillDate(adminPage, dialog.locator('#add-reservation-date'), saturday);
    await dialog.locator('#add-reservation-time').selectOption('18:00');
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    const warning = adminPage.locator('.capacity-warning');
    await warning.getByText('Sorry, we are fully booked at 6:00 PM. Please choose another time.').waitFor();
    await adminPage.waitForTimeout(250);
    await picture(adminPage, { path: join(SCREENSHOTS, 'seats-staff-warning-1440x900.png') });
    await warning.getByRole('button', { name: 'Book anyway' }).click();
    await expectToast(adminPage, 'Reservation created');
    const booked = (await staffFetch<ReservationOut[]>('GET', '/api/reservations')).json.filter((r) => r.email === 'walkin@example.com');
    expect(booked).toMatchObject([{ date: saturday, time: '18:00', partySize: 4 }]);
  });

  it('set the seat capacity and holding time in Business Info', async () => {
    await openSection(adminPage, 'Business Info');
    const capacity = adminPage.locator('#business-seat-capacity');
    await expect.poll(() => capacity.inputValue()).toBe('10');
    await capacity.fill('0');
    await adminPage.getByRole('button', { name: 'Save Changes' }).click();
    await adminPage.getByText('Seat capacity must be a whole number from 1 to 1000').first().waitFor();
    await capacity.fill('24');
    await adminPage.locator('#business-holding-time').selectOption({ label: '1.5 hours' });
    await adminPage.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(adminPage, 'Business information updated successfully');
    const info = await staffFetch<BusinessInfo>('GET', '/api/business-info');
    expect(info.json).toMatchObject({ seatCapacity: 24, holdingMinutes: 90 });
  });
});
