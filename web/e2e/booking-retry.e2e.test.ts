import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, formatTime12, slotsFor, todayIn, type ReservationOut } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, fillDate } from './support/dashboard';

/**
 * A guest on a phone books a table, the café stores it, and the answer is lost on the way back (the
 * connection drops): the form says it failed, the guest presses Reserve again, and the café still holds
 * one booking, the one the confirmation shows. The form sends the same Idempotency-Key both times.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const day = addDays(todayIn(ZONE), 3);
const slot = slotsFor(day)[1]!;
const guest = { name: 'Rhea Retry', email: 'rhea.retry@example.com', phone: '6085550142' };

let server: RunningServer;
let chromium: LaunchedBrowser;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await sharedServer(); // the run's shared gateway: this file counts only its own booking
  chromium = await launchChromium();
  ctx = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await ctx.newPage();
}, 300_000);

afterAll(async () => {
  await ctx?.close();
  await chromium?.close();
  await server?.stop();
});

describe('a booking whose answer was lost', () => {
  it('is sent again with the same key when the guest presses Reserve again, and books once', async () => {
    const keys: string[] = [];
    let stored = 0;
    await page.route('**/api/reservations', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.fallback();
      // The café stores the booking; its answer never reaches the phone.
      const response = await route.fetch();
      if (response.status() === 201) stored++;
      await route.abort('connectionreset');
    });

    await page.goto(`${server.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Reserve', exact: true }).click();
    await page.locator('#reservation-name').fill(guest.name);
    await page.locator('#reservation-email').fill(guest.email);
    await page.locator('#reservation-phone').pressSequentially(guest.phone);
    await page.locator('#reservation-size').selectOption('2');
    await fillDate(page, page.locator('#reservation-date'), day);
    await page.locator('#reservation-time').selectOption({ label: formatTime12(slot) });
    const reserve = page.getByRole('button', { name: 'Reserve Table' }).last();
    await reserve.click();
    await expectToast(page, 'Reservation Failed');
    expect(stored).toBe(1);

    await reserve.click();
    const dialog = page.getByRole('dialog', { name: 'Reservation Confirmed!' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(guest.name);

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // A time-ordered UUID, which gives the booking its time.
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const { page: staff } = await signInAsStaff(chromium.browser, server.url, OWNER, { width: 1280, height: 800 });
    const listed = await pageFetch<ReservationOut[]>(staff, 'GET', '/api/reservations');
    const mine = listed.json.filter((r) => r.email === guest.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: guest.name, date: day, time: slot, partySize: 2 });
    expect(mine[0]!.id.slice(0, 13)).toBe(keys[0]!.slice(0, 13));
  });
});
