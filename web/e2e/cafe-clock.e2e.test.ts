import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * The café's zone is the server's BUSINESS_TIME_ZONE as it starts, not whatever the web app was built
 * with, nor the visitor's own zone. The server runs in Kiritimati (UTC+14), the browser in Pago Pago
 * (UTC-11): 25 hours apart, so their dates always differ, and the booking form must start at the
 * café's today.
 */
const CAFE_ZONE = 'Pacific/Kiritimati';
const BROWSER_ZONE = 'Pacific/Pago_Pago';

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ BUSINESS_TIME_ZONE: CAFE_ZONE });
  chromium = await launchChromium();
}, 180_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe('the browser’s "today" follows the server’s BUSINESS_TIME_ZONE', () => {
  it('the reservation form’s calendar starts at today in the café, asked of the server after the first paint', async () => {
    const context = await chromium.browser.newContext({ timezoneId: BROWSER_ZONE, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const clockRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/cafe-clock') clockRequests.push(request.url());
      });
      await page.goto(server.url, { waitUntil: 'load' });
      // The landing page paints without it: asked only once the booking form is on its way.
      expect(clockRequests).toEqual([]);

      const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/cafe-clock');
      await page.locator('#reservations').scrollIntoViewIfNeeded();
      const clock = (await (await answer).json()) as { timeZone: string; today: string };
      const cafeToday = todayIn(CAFE_ZONE);
      expect(clock).toEqual({ timeZone: CAFE_ZONE, today: cafeToday });
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
      expect(todayIn(BROWSER_ZONE)).not.toBe(cafeToday);

      await page.locator('#reservation-date').click();
      const picker = page.locator('.rdp');
      await picker.waitFor();
      const [year, month, day] = cafeToday.split('-').map(Number) as [number, number, number];
      const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
      // With the browser's today outside the bookable range the picker opens mid-range: go to the café's month.
      await picker.locator('select[name="years"]').selectOption(String(year));
      await picker.locator('select[name="months"]').selectOption(String(month - 1));
      await expect(picker.locator('.rdp-caption_label').textContent()).resolves.toBe(`${monthName} ${year}`);
      // The first day a visitor may pick is the café's today; every day before it (the browser's today among them) is not.
      const days = picker.locator('button[name="day"]:not(.rdp-day_outside)');
      const enabled = await days.evaluateAll((buttons) =>
        buttons
          .filter((b) => !(b as HTMLButtonElement).disabled && b.getAttribute('aria-disabled') !== 'true')
          .map((b) => Number(b.textContent)),
      );
      expect(enabled[0]).toBe(day);
    } finally {
      await context.close();
    }
  });
});
