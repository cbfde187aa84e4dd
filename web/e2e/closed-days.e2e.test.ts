import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, cafeInstant, formatLongDate, todayIn, weekdayOf, type BusinessInfo, type CafeEvent } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { isNarrow, openSection, openView, SCREENSHOTS, usDate } from './support/dashboard';
import { picture } from './support/picture';

/**
 * Closed days look closed everywhere, and events show on the staff calendar (issue 46), at 390×844 and
 * 1440×900 with the café's clock on a Saturday morning (CAFE_TEST_CLOCK). A holiday closed in Business Info
 * and a blocked date the next week are flagged in the Week grid, the phone's day list and the Month view,
 * greyed out in the public form's calendar (the reason on hover and on a tap) and marked in the staff
 * dialog's (still pickable, the reason on hover and under the field once picked); Week View opens on the
 * week holding the Saturday; Today's heading names the day, and says when the café is closed today; a
 * game night tonight shows in Today, Week and Month with its sign-ups against its places.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
/** The first Saturday after the real today: the café's today in this file. */
const SATURDAY = (() => {
  let d = addDays(todayIn(ZONE), 1);
  while (weekdayOf(d) !== 6) d = addDays(d, 1);
  return d;
})();
const WEEK = Array.from({ length: 7 }, (_, i) => addDays(SATURDAY, i - 6));
/** Next week's Wednesday and Thursday: no bookings there (the demo's lie around the real today). */
const HOLIDAY = addDays(SATURDAY, 4);
const BLOCKED = addDays(SATURDAY, 5);
const HOLIDAY_NOTE = 'Staff holiday';
const BLOCK_REASON = 'Private tournament';
const BLOCKED_MESSAGE = `Sorry, we are closed on this date: ${BLOCK_REASON}`;
const GAME_NIGHT = 'Saturday Strategy Night';
const SIZES = [
  { width: 390, height: 844, touch: true },
  { width: 1440, height: 900, touch: false },
] as const;

/**
 * What a guest picking the holiday is told: the hours' words, or a blocked date's where closing a holiday
 * in Business Info blocks the date too (one closure flow); the server says the same (checked below).
 */
let HOLIDAY_MESSAGE = `Sorry, we are closed on ${formatLongDate(HOLIDAY)} (${HOLIDAY_NOTE}). Please choose another date.`;
let server: RunningServer;
let chromium: LaunchedBrowser;
let owner: BrowserContext;
let ownerPage: Page;
const staffFetch = <T>(method: string, path: string, body?: unknown) => pageFetch<T>(ownerPage, method, path, body);

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAILS: OWNER,
    BUSINESS_TIME_ZONE: ZONE,
    CAFE_TEST_CLOCK: cafeInstant(SATURDAY, '10:00', ZONE).toISOString(),
  });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  ({ context: owner, page: ownerPage } = await signInAsStaff(chromium.browser, server.url, OWNER));
  const info = (await staffFetch<BusinessInfo>('GET', '/api/business-info')).json;
  const holiday = { date: HOLIDAY, closed: true, open: '', close: '', note: HOLIDAY_NOTE };
  // A day without bookings: nothing to keep or cancel ('keep' is what a day holding some would need).
  const saved = await staffFetch('PUT', '/api/admin/business-info', {
    name: info.name,
    openingHours: { ...info.openingHours, exceptions: [holiday] },
    bookings: 'keep',
  });
  expect(saved.status).toBe(200);
  expect((await staffFetch('POST', '/api/admin/blocked-dates', { date: BLOCKED, reason: BLOCK_REASON })).status).toBe(201);
  const blocked = (await staffFetch<{ date: string }[]>('GET', '/api/blocked-dates')).json;
  if (blocked.some((b) => b.date === HOLIDAY)) HOLIDAY_MESSAGE = `Sorry, we are closed on this date: ${HOLIDAY_NOTE}`;
  const refused = await staffFetch<{ message: string }>('POST', '/api/reservations', {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '(262) 555-0100',
    partySize: 2,
    date: HOLIDAY,
    time: '18:00',
  });
  expect(refused.json.message).toBe(HOLIDAY_MESSAGE);
  const event = await staffFetch<CafeEvent>('POST', '/api/admin/events', {
    title: GAME_NIGHT,
    event_date: SATURDAY,
    event_time: '19:00',
    price: '$5',
    max_attendees: 48,
  });
  expect(event.status).toBe(201);
  for (const [n, places] of [
    [1, 2],
    [2, 1],
    [3, 1],
  ] as const) {
    const signUp = await staffFetch('POST', `/api/events/${event.json.id}/sign-ups`, {
      date: SATURDAY,
      name: `Player ${n}`,
      email: `player${n}@example.com`,
      phone: `(262) 555-01${n}0`,
      places,
    });
    expect(signUp.status).toBe(201);
  }
}, 300_000);

afterAll(async () => {
  await owner?.close();
  await chromium?.close();
  await server?.stop();
});

const shot = (target: Page | Locator, name: string, width: number, height: number) =>
  picture(target, { path: join(SCREENSHOTS, `closed-days-${name}-${width}x${height}.png`) });

/** The game night's chip on a day of the calendar shown. */
const eventChip = (page: Page, date: string) => page.locator(`.event-chip[data-date="${date}"]`, { hasText: GAME_NIGHT });

/** Opens a date field's calendar on the month of `iso`. */
async function openCalendarAt(page: Page, input: Locator, iso: string, touch: boolean): Promise<Locator> {
  if (touch) await input.tap();
  else await input.click();
  const picker = page.locator('.bp6-datepicker .rdp');
  await picker.waitFor();
  await picker.locator('select[name="years"]').selectOption(iso.slice(0, 4));
  await picker.locator('select[name="months"]').selectOption(String(Number(iso.slice(5, 7)) - 1));
  return picker;
}

describe.each(SIZES)('at $width×$height', ({ width, height, touch }) => {
  let staff: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height }));
    await openSection(page, 'Reservations');
  });
  afterAll(async () => {
    await staff?.close();
  });

  it("Today's heading names the Saturday; tonight's game night shows with '4 signed up / 48 places'", async () => {
    await openView(page, "Today's Reservations");
    const heading = page.locator('.today-heading h3');
    expect(await heading.textContent()).toBe(`Today's Reservations — ${formatLongDate(SATURDAY).replace(/, \d{4}$/, '')}`);
    const chip = page.locator('.today-events').getByRole('link', { name: new RegExp(GAME_NIGHT) });
    await chip.waitFor();
    expect(await chip.getAttribute('aria-label')).toBe(`Event: 7:00 PM, ${GAME_NIGHT}, 4 signed up / 48 places`);
    expect(await chip.textContent()).toBe(`7:00 PMEvent${GAME_NIGHT}4 signed up / 48 places`);
    // Today is open: no closed flag beside the heading.
    expect(await page.locator('.today-heading .closed-day-flag').count()).toBe(0);
    await shot(page, 'today', width, height);
  });

  it('Week View opens on the week holding the Saturday, the game night on it; next week flags the holiday and the blocked date', async () => {
    await openView(page, 'Week View');
    const days = isNarrow(page) ? page.locator('li.day-list-day[data-date]') : page.locator('.week-grid thead th[data-date]');
    await expect.poll(() => days.evaluateAll((els) => els.map((e) => e.getAttribute('data-date')))).toEqual(WEEK);
    expect(await days.last().getAttribute('class')).toContain('is-today');
    await eventChip(page, SATURDAY).waitFor();
    expect(await eventChip(page, SATURDAY).textContent()).toContain(isNarrow(page) ? '4 signed up / 48 places' : '4/48');
    await eventChip(page, SATURDAY).scrollIntoViewIfNeeded();
    await shot(page, 'week-event', width, height);

    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => days.first().getAttribute('data-date')).toBe(addDays(SATURDAY, 1));
    for (const [date, reason] of [
      [HOLIDAY, HOLIDAY_NOTE],
      [BLOCKED, BLOCK_REASON],
    ] as const) {
      const day = page.locator(isNarrow(page) ? `li.day-list-day[data-date="${date}"]` : `.week-grid thead th[data-date="${date}"]`);
      expect(await day.getAttribute('class')).toContain('is-closed');
      expect(await day.locator('.closed-day-flag').getAttribute('title')).toBe(`Closed day: ${reason}`);
      if (!isNarrow(page)) expect(await page.locator(`.week-grid tbody td.is-closed[data-date="${date}"]`).count()).toBe(15);
    }
    // The days around them are open.
    expect(await page.locator(`[data-date="${addDays(HOLIDAY, -1)}"].is-closed`).count()).toBe(0);
    await page.locator(`[data-date="${HOLIDAY}"]`).first().scrollIntoViewIfNeeded();
    await shot(page, 'week-closed', width, height);

    // Chosen again from the switcher, Week View is back on this week.
    await openView(page, "Today's Reservations");
    await openView(page, 'Week View');
    await expect.poll(() => days.first().getAttribute('data-date')).toBe(WEEK[0]);
  });

  it('Month View flags both closed days and lists the game night', async () => {
    await openView(page, 'Month View');
    const months = Number(BLOCKED.slice(5, 7)) !== Number(SATURDAY.slice(5, 7));
    await eventChip(page, SATURDAY).waitFor();
    expect(await eventChip(page, SATURDAY).textContent()).toContain(isNarrow(page) ? '4 signed up / 48 places' : '4/48');
    if (months) await page.getByRole('button', { name: 'Next month' }).click();
    for (const [date, reason] of [
      [HOLIDAY, HOLIDAY_NOTE],
      [BLOCKED, BLOCK_REASON],
    ] as const) {
      const day = page.locator(isNarrow(page) ? `li.day-list-day[data-date="${date}"]` : `.month-grid td[data-date="${date}"]`);
      await day.waitFor();
      expect(await day.getAttribute('class')).toContain('is-closed');
      expect(await day.locator('.closed-day-flag').getAttribute('title')).toBe(`Closed day: ${reason}`);
    }
    await page.locator(`[data-date="${HOLIDAY}"]`).first().scrollIntoViewIfNeeded();
    await shot(page, 'month', width, height);
  });

  it("the staff dialog's calendar marks both days with why, still pickable; the holiday picked says why under the field", async () => {
    await page.getByRole('button', { name: '+ Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Reservation' });
    const input = dialog.locator('#add-reservation-date');
    const picker = await openCalendarAt(page, input, HOLIDAY, false);
    for (const [date, reason] of [
      [HOLIDAY, HOLIDAY_NOTE],
      [BLOCKED, BLOCK_REASON],
    ] as const) {
      const day = picker.locator(`[data-closed-date="${date}"]`);
      expect(await day.getAttribute('title')).toBe(`Closed that day: ${reason}`);
      const button = picker.locator(`button[name="day"]:has([data-closed-date="${date}"])`);
      expect(await button.isDisabled()).toBe(false);
      expect(await button.getAttribute('class')).toContain('day-closed');
    }
    // An open day is not marked.
    expect(await picker.locator(`[data-closed-date="${addDays(HOLIDAY, -1)}"]`).count()).toBe(0);
    await picker.locator(`[data-closed-date="${HOLIDAY}"]`).hover();
    await shot(page, 'staff-picker', width, height);
    await picker.locator(`[data-closed-date="${HOLIDAY}"]`).click();
    await picker.waitFor({ state: 'detached' });
    expect(await input.inputValue()).toBe(usDate(HOLIDAY));
    const notice = dialog.locator('#add-reservation-date-notice');
    expect(await notice.textContent()).toBe(HOLIDAY_MESSAGE);
    await shot(page, 'staff-picked', width, height);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("the public form's calendar disables both days, says why on hover and on a tap; a typed closed date still says why", async () => {
    const visitor = await chromium.browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
    try {
      const guest = await visitor.newPage();
      await guest.goto(`${server.url}/`);
      await guest
        .getByRole('banner')
        .getByRole('button', { name: width < 768 ? 'Reserve' : 'Reserve Table', exact: true })
        .click();
      const input = guest.locator('#reservation-date');
      const picker = await openCalendarAt(guest, input, BLOCKED, touch);
      for (const [date, message] of [
        [HOLIDAY, HOLIDAY_MESSAGE],
        [BLOCKED, BLOCKED_MESSAGE],
      ] as const) {
        const day = picker.locator(`[data-closed-date="${date}"]`);
        expect(await day.getAttribute('title')).toBe(message);
        expect(await picker.locator(`button[name="day"]:has([data-closed-date="${date}"])`).isDisabled()).toBe(true);
      }
      expect(
        await picker
          .locator(`button[name="day"]:not([disabled])`)
          .getByText(String(Number(addDays(HOLIDAY, -1).slice(8))), { exact: true })
          .count(),
      ).toBe(1);
      // A tap (or a click) on the blocked day picks nothing and says why under the calendar.
      const blocked = picker.locator(`[data-closed-date="${BLOCKED}"]`);
      if (touch) await blocked.tap({ force: true });
      else await blocked.click({ force: true });
      const why = guest.locator('.day-closed-tapped');
      await why.waitFor();
      expect(await why.textContent()).toBe(BLOCKED_MESSAGE);
      expect(await picker.isVisible()).toBe(true);
      expect(await input.inputValue()).toBe('');
      await shot(guest, 'public-picker-tapped', width, height);
      await guest.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });

      // Typed, the holiday is taken and the form says why, as before.
      await input.click();
      await input.fill(usDate(HOLIDAY));
      await guest.keyboard.press('Enter');
      const notice = guest.locator('#reservation-date-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(HOLIDAY_MESSAGE);
      await shot(guest, 'public-typed', width, height);
    } finally {
      await visitor.close();
    }
  });
});

describe('a closed today', () => {
  it("Today's heading says the café is closed today, at both sizes", async () => {
    const blocked = await staffFetch('POST', '/api/admin/blocked-dates', { date: SATURDAY, reason: 'Burst pipe', bookings: 'keep' });
    expect(blocked.status).toBe(201);
    for (const { width, height } of SIZES) {
      const { context, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height });
      try {
        await openSection(page, 'Reservations');
        await openView(page, "Today's Reservations");
        const flag = page.locator('.today-heading .closed-day-flag');
        await flag.waitFor();
        expect(await flag.textContent()).toBe('Closed day: Burst pipe');
        await shot(page, 'today-closed', width, height);
      } finally {
        await context.close();
      }
    }
  });
});
