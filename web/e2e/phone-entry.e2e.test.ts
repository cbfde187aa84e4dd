import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  addDays,
  formatTime12,
  openingHoursOf,
  PHONE_EXTENSION_MESSAGE,
  slotsFor,
  todayIn,
  type OpeningHours,
  type ReservationOut,
} from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { fillDate, SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';
import { settled } from './support/settled';

/**
 * Phones as guests' browsers write them (issue 45): an autofilled `+1 262 555 0101` once became
 * (126) 255-5010, a valid-looking wrong number, and a pasted `+1 (262) 555-0101` was cut at 14
 * characters to "(126) 255-50". The public reservation form now shows and books (262) 555-0101; an
 * extension or a foreign number stays as typed and the form says why it cannot be taken.
 */
const SIZES = [
  { width: 390, height: 844, label: 'phone', days: 9 },
  { width: 1440, height: 900, label: 'desktop', days: 10 },
] as const;
const OWNER = 'owner@example.com';
const PUBLIC_PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';

let server: RunningServer;
let chromium: LaunchedBrowser;
let hours: OpeningHours;

beforeAll(async () => {
  server = await sharedServer(); // the run's shared gateway: this file counts only its own bookings
  chromium = await launchChromium();
  const info = (await (await fetch(`${server.url}/api/business-info`)).json()) as Parameters<typeof openingHoursOf>[0];
  hours = openingHoursOf(info);
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** The first day from `from` on that the café opens (the demo café closes on Mondays). */
const openDay = (from: string) => {
  let d = from;
  while (slotsFor(d, hours).length === 0) d = addDays(d, 1);
  return d;
};

/** As a paste or the browser's autofill puts it: one input event carrying the whole text. */
async function paste(page: Page, input: Locator, text: string): Promise<void> {
  await input.fill('');
  await input.focus();
  await page.keyboard.insertText(text);
}

const errorOf = (page: Page) => page.locator('#reservation-phone-error');

describe.each(SIZES)('the reservation form’s phone at $width×$height', (size) => {
  it('shows an autofilled or pasted +1 number as (262) 555-0101, keeps an extension or a foreign number as typed with its message, and books the number', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: size.width, height: size.height } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/#reservations`);
      const form = page.locator('#reservations form');
      const phone = form.locator('#reservation-phone');
      await phone.waitFor();

      // Autofill sets the whole value at once, country code and all.
      await phone.fill('+1 262 555 0101');
      expect(await phone.inputValue()).toBe('(262) 555-0101');
      await phone.fill('1-262-555-0101');
      expect(await phone.inputValue()).toBe('(262) 555-0101');
      // A paste is longer than the stored 14 characters and is not cut short.
      await paste(page, phone, '+1 (262) 555-0101');
      expect(await phone.inputValue()).toBe('(262) 555-0101');

      // An extension cannot be stored: left as typed, and the form says so on submit.
      await page.locator('#reservation-name').fill('Pat Paste');
      await page.locator('#reservation-email').fill(`pat.paste.${size.label}@example.com`);
      await paste(page, phone, '262 555 0101 ext 4');
      expect(await phone.inputValue()).toBe('262 555 0101 ext 4');
      await form.getByRole('button', { name: 'Reserve Table' }).click();
      await expect.poll(() => errorOf(page).textContent()).toBe(PHONE_EXTENSION_MESSAGE);
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      await phone.scrollIntoViewIfNeeded();
      await settled(page);
      await picture(page, { path: join(SCREENSHOTS, `phone-entry-extension-${size.width}x${size.height}.png`) });

      // Another country's number is not reshaped into US digits.
      await paste(page, phone, '+44 20 7946 0958');
      expect(await phone.inputValue()).toBe('+44 20 7946 0958');
      await expect.poll(() => errorOf(page).textContent()).toBe(PUBLIC_PHONE_MESSAGE);

      // Fixed by autofill: the message goes and the booking carries (262) 555-0101.
      await phone.fill('+1 262 555 0101');
      expect(await phone.inputValue()).toBe('(262) 555-0101');
      await errorOf(page).waitFor({ state: 'detached' });
      const day = openDay(addDays(todayIn('America/Chicago'), size.days));
      await page.locator('#reservation-size').selectOption('2');
      await fillDate(page, page.locator('#reservation-date'), day);
      await page.locator('#reservation-time').selectOption({ label: formatTime12(slotsFor(day, hours)[1]!) });
      await form.getByRole('button', { name: 'Reserve Table' }).click();
      const confirmed = page.getByRole('dialog', { name: 'Reservation Confirmed!' });
      await confirmed.waitFor();
      expect(await confirmed.textContent()).toContain('(262) 555-0101');

      const { page: staff } = await signInAsStaff(chromium.browser, server.url, OWNER, { width: 1280, height: 800 });
      const listed = await pageFetch<ReservationOut[]>(staff, 'GET', '/api/reservations');
      const mine = listed.json.filter((r) => r.email === `pat.paste.${size.label}@example.com`);
      expect(mine.map((r) => r.phone)).toEqual(['(262) 555-0101']);
    } finally {
      await context.close();
    }
  });
});
