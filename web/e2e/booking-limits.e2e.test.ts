import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, cafeInstant, todayIn, weekdayOf, type BusinessInfo, type ReservationOut } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, fillDate, openSection, SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';

/**
 * What the café can still give, at 390×844 and 1440×900, with the server's clock at 8:10 PM on a
 * Wednesday (CAFE_TEST_CLOCK): the public forms and the staff "+ Add" dialog offer none of today's
 * times that have passed; a café of 20 seats offers parties of 6 to 20 and says so; the staff dialog
 * marks a full time as the public form does, still pickable, and "Book anyway" books it.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
/** The first Wednesday after the real today: weekdays seat guests from 3:00 PM to 10:00 PM. */
const WEDNESDAY = (() => {
  let d = addDays(todayIn(ZONE), 1);
  while (weekdayOf(d) !== 3) d = addDays(d, 1);
  return d;
})();
const THURSDAY = addDays(WEDNESDAY, 1);
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

let server: RunningServer;
let chromium: LaunchedBrowser;
let owner: BrowserContext;
let ownerPage: Page;

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAILS: OWNER,
    BUSINESS_TIME_ZONE: ZONE,
    CAFE_TEST_CLOCK: cafeInstant(WEDNESDAY, '20:10', ZONE).toISOString(),
  });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  ({ context: owner, page: ownerPage } = await signInAsStaff(chromium.browser, server.url, OWNER));
  const info = (await pageFetch<BusinessInfo>(ownerPage, 'GET', '/api/business-info')).json;
  const saved = await pageFetch(ownerPage, 'PUT', '/api/admin/business-info', { name: info.name || 'Meeple Haven', seatCapacity: 20 });
  expect(saved.status).toBe(200);
  // Twenty people at 7:00 PM on Thursday for two hours: 5:30 PM to 8:30 PM are full for anyone else.
  const full = await pageFetch(ownerPage, 'POST', '/api/admin/reservations?override=capacity', {
    name: 'Team Twenty',
    email: 'twenty@example.com',
    phone: '(262) 555-0120',
    partySize: 10,
    date: THURSDAY,
    time: '19:00',
  });
  expect(full.status).toBe(201);
  const more = await pageFetch(ownerPage, 'POST', '/api/admin/reservations?override=capacity', {
    name: 'Team Twenty Too',
    email: 'twenty2@example.com',
    phone: '(262) 555-0121',
    partySize: 10,
    date: THURSDAY,
    time: '19:00',
  });
  expect(more.status).toBe(201);
}, 300_000);

afterAll(async () => {
  await owner?.close();
  await chromium?.close();
  await server?.stop();
});

/** The labels of a time list's options, its placeholder left out. */
const timeLabels = async (select: Locator) => (await select.locator('option').allTextContents()).slice(1);

describe.each(SIZES)('at $width×$height', ({ width, height }) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await chromium.browser.newContext({ viewport: { width, height } });
    page = await ctx.newPage();
    await page.goto(`${server.url}/`);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("a visitor at 8:10 PM is not offered today's 3:00 PM in the reservation form; tomorrow still starts at 3:00 PM", async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: width < 768 ? 'Reserve' : 'Reserve Table', exact: true })
      .click();
    const time = page.locator('#reservation-time');
    await fillDate(page, page.locator('#reservation-date'), WEDNESDAY);
    await expect.poll(() => timeLabels(time)).toEqual(['8:30 PM', '9:00 PM', '9:30 PM', '10:00 PM']);
    await time.scrollIntoViewIfNeeded();
    await picture(page.getByRole('form', { name: 'Reserve a table' }), {
      path: join(SCREENSHOTS, `booking-limits-evening-${width}x${height}.png`),
    });
    // A native select's open list never shows in a screenshot: its options as a list box for this one picture.
    await time.evaluate((select: HTMLSelectElement) => {
      select.size = select.options.length;
      select.style.height = 'auto';
    });
    await picture(time, { path: join(SCREENSHOTS, `booking-limits-evening-options-${width}x${height}.png`) });
    await time.evaluate((select: HTMLSelectElement) => {
      select.size = 0;
      select.style.height = '';
    });
    await fillDate(page, page.locator('#reservation-date'), THURSDAY);
    await expect.poll(async () => (await timeLabels(time))[0]).toBe('3:00 PM');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('a café of 20 seats offers parties of 6 to 20 and says "Groups of 6 to 20"; at 8:10 PM the party form offers 8:30 PM first', async () => {
    await page.reload();
    const lead = page.locator('#parties .lead');
    await lead.scrollIntoViewIfNeeded();
    expect(await lead.textContent()).toBe(
      'Groups of 6 to 20 get their own space, a host who teaches the games, and food from our kitchen.',
    );
    await page.getByText('Anniversaries, graduations, game-night reunions: 6 to 20 guests.').waitFor();
    await page.getByRole('button', { name: 'Book Your Party' }).click();
    const size = page.locator('#party-size');
    await size.waitFor();
    const sizes = await size.locator('option').allTextContents();
    expect(sizes[0]).toBe('6 guests');
    expect(sizes.at(-1)).toBe('20 guests');
    expect(sizes).toHaveLength(15);
    await fillDate(page, page.locator('#party-date'), WEDNESDAY);
    await expect.poll(() => timeLabels(page.locator('#party-time'))).toEqual(['8:30 PM', '9:00 PM', '9:30 PM', '10:00 PM']);
    await size.scrollIntoViewIfNeeded();
    await picture(page.getByRole('form', { name: 'Book your party' }), {
      path: join(SCREENSHOTS, `booking-limits-party-${width}x${height}.png`),
    });
  });

  it('staff adding a reservation at 8:10 PM are not offered 3:00 PM today; a full time is marked, still pickable, and booked anyway', async () => {
    const { context, page: staff } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height });
    try {
      await openSection(staff, 'Reservations');
      await staff.getByRole('button', { name: '+ Add' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Add New Reservation' });
      await dialog.waitFor();
      const time = dialog.locator('#add-reservation-time');
      await fillDate(staff, dialog.locator('#add-reservation-date'), WEDNESDAY);
      await expect.poll(() => timeLabels(time)).toEqual(['8:30 PM', '9:00 PM', '9:30 PM', '10:00 PM']);

      await dialog.locator('#add-reservation-name').fill(`Phone Guest ${width}`);
      await dialog.locator('#add-reservation-email').fill(`phone.${width}@example.com`);
      await dialog.locator('#add-reservation-phone').pressSequentially('4145550123');
      await dialog.locator('#add-reservation-size').selectOption('4');
      await fillDate(staff, dialog.locator('#add-reservation-date'), THURSDAY);
      const seven = time.locator('option', { hasText: '7:00 PM' });
      await expect.poll(() => seven.textContent()).toBe('7:00 PM (Fully booked)');
      expect(await seven.isDisabled()).toBe(false);
      expect(await time.locator('option', { hasText: '5:00 PM' }).textContent()).toBe('5:00 PM');
      const note = dialog.locator('#add-reservation-time-full');
      expect(await note.textContent()).toBe('Fully booked: 5:30 PM – 8:30 PM. Staff may still book a full time after a warning.');
      await time.selectOption('19:00');
      await note.scrollIntoViewIfNeeded();
      await picture(staff, { path: join(SCREENSHOTS, `booking-limits-staff-full-${width}x${height}.png`) });
      await dialog.getByRole('button', { name: 'Create Reservation' }).click();
      const warning = staff.locator('.capacity-warning');
      await warning.getByText('Sorry, we are fully booked at 7:00 PM. Please choose another time.').waitFor();
      await warning.getByRole('button', { name: 'Book anyway' }).click();
      await expectToast(staff, 'Reservation created');
      const booked = (await pageFetch<ReservationOut[]>(staff, 'GET', '/api/reservations')).json.filter(
        (r) => r.email === `phone.${width}@example.com`,
      );
      expect(booked).toMatchObject([{ date: THURSDAY, time: '19:00', partySize: 4 }]);
    } finally {
      await context.close();
    }
  });
});
