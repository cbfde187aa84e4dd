import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, formatTime12, openingHoursOf, slotsFor, todayIn, type OpeningHours } from '@cafe/contracts';
import { CAFE_BROWSER_ZONE, launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { signInAsStaff } from './support/staff';
import { openView, SCREENSHOTS, usDate } from './support/dashboard';
import { picture } from './support/picture';
import { settled } from './support/settled';

/**
 * The day a guest or staff member picks is the day booked, wherever their browser is. Clicking "15" in
 * Chicago once left 12/14 in the field (the picker's 'yyyy-MM-dd' read as UTC midnight, the evening
 * before there), and every test passed because the test browsers ran in UTC. Each form is tried in the
 * café's zone, east of UTC (Auckland, a day ahead of Chicago for most of it) and in UTC, at a phone's
 * size (tapped, with touch) and a desktop's (clicked), and by typing a date and leaving with Tab.
 */
const ZONES = [CAFE_BROWSER_ZONE, 'Pacific/Auckland', 'UTC'] as const;
const SIZES = [
  { width: 390, height: 844, touch: true },
  { width: 1440, height: 900, touch: false },
] as const;
const OWNER = 'owner@example.com';

let server: RunningServer;
let chromium: LaunchedBrowser;
let hours: OpeningHours;
const today = todayIn('America/Chicago');

/**
 * A date whose times differ from both neighbours' (with the demo's hours, a Saturday: Friday opens at
 * 3 PM, Sunday closes early), from `from` on: a day off by one either way shows other times.
 */
function distinctDay(from: string): string {
  const times = (d: string) => slotsFor(d, hours).join();
  for (let d = from; ; d = addDays(d, 1)) {
    if (times(d) !== '' && times(d) !== times(addDays(d, -1)) && times(d) !== times(addDays(d, 1))) return d;
  }
}

beforeAll(async () => {
  server = await sharedServer();
  chromium = await launchChromium();
  const info = (await (await fetch(`${server.url}/api/business-info`)).json()) as Parameters<typeof openingHoursOf>[0];
  hours = openingHoursOf(info);
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** Opens the field's calendar on the day's month and clicks (or taps) the day. */
async function pickFromCalendar(page: Page, input: Locator, iso: string, touch: boolean): Promise<void> {
  if (touch) await input.tap();
  else await input.click();
  const picker = page.locator('.bp6-datepicker .rdp');
  await picker.waitFor();
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  await picker.locator('select[name="years"]').selectOption(String(year));
  await picker.locator('select[name="months"]').selectOption(String(month - 1));
  const button = picker.locator('button[name="day"]:not(.rdp-day_outside)').getByText(String(day), { exact: true });
  if (touch) await button.tap();
  else await button.click();
  await picker.waitFor({ state: 'detached' });
}

/** Types the date as a person does (MM/DD/YYYY) and leaves the field with Tab. */
async function typeThenTab(page: Page, input: Locator, iso: string): Promise<void> {
  await input.click();
  await input.fill('');
  await input.pressSequentially(usDate(iso));
  await page.keyboard.press('Tab');
}

/** The field shows the day, and the time list offers that day's times (no closed notice). */
async function expectDay(scope: Locator, prefix: string, iso: string): Promise<void> {
  await expect.poll(() => scope.locator(`#${prefix}-date`).inputValue()).toBe(usDate(iso));
  const expected = slotsFor(iso, hours).map(formatTime12);
  await expect
    .poll(async () => (await scope.locator(`#${prefix}-time option`).allInnerTexts()).slice(1).map((t) => t.replace(/ \(.*\)$/, '')))
    .toEqual(expected);
  expect(await scope.locator(`#${prefix}-date-notice`).count()).toBe(0);
}

interface Form {
  name: string;
  prefix: string;
  open(page: Page): Promise<Locator>;
}

const FORMS: Form[] = [
  {
    name: 'public reservation form',
    prefix: 'reservation',
    open: async (page) => {
      await page.goto(`${server.url}/#reservations`);
      const form = page.locator('#reservations form');
      await form.locator('#reservation-date').waitFor();
      return form;
    },
  },
  {
    name: 'public party form',
    prefix: 'party',
    open: async (page) => {
      await page.goto(`${server.url}/`);
      await page.locator('#parties').getByRole('button', { name: 'Book Your Party' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book Your Party' });
      await dialog.locator('#party-date').waitFor();
      return dialog;
    },
  },
  {
    name: "staff '+ Add' dialog",
    prefix: 'add-reservation',
    open: async (page) => {
      await page.goto(`${server.url}/admin`);
      await openView(page, "Today's Reservations");
      await page.getByRole('button', { name: '+ Add' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Reservation' });
      await dialog.locator('#add-reservation-date').waitFor();
      return dialog;
    },
  },
];

describe.each(ZONES)('dates entered with the browser in %s', (zone) => {
  describe.each(SIZES)('at $width×$height', ({ width, height, touch }) => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      // Staff sign in once per context; the same context then walks the public forms too.
      const signedIn = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height });
      const cookies = await signedIn.context.cookies();
      await signedIn.context.close();
      context = await chromium.browser.newContext({ viewport: { width, height }, timezoneId: zone, hasTouch: touch, isMobile: touch });
      await context.addCookies(cookies);
      page = await context.newPage();
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
    });

    afterAll(async () => {
      await context?.close();
    });

    it.each(FORMS)('$name: the day picked from the calendar and the day typed then Tab are the days booked', async (form) => {
      const picked = distinctDay(addDays(today, 9));
      const typed = distinctDay(addDays(picked, 1));
      const scope = await form.open(page);
      const input = scope.locator(`#${form.prefix}-date`);

      await pickFromCalendar(page, input, picked, touch);
      await expectDay(scope, form.prefix, picked);
      if (zone === CAFE_BROWSER_ZONE) {
        await settled(page);
        await picture(page, { path: join(SCREENSHOTS, `date-entry-${form.prefix}-picked-${width}x${height}.png`) });
      }

      await typeThenTab(page, input, typed);
      await expectDay(scope, form.prefix, typed);
      // Tab left the field for the next one, as it would for a person.
      expect(await page.evaluate(() => document.activeElement?.id)).not.toBe(`${form.prefix}-date`);
    });
  });
});
