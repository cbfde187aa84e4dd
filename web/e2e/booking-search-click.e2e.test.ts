import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, slotsFor, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { inViewport, pageFetch, signInAsStaff } from './support/staff';
import { SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';

/**
 * A click on a search result opens the booking in a browser that, like Safari, does not focus a button
 * it clicks: there the search box loses focus to nothing (relatedTarget null) on the press, and the
 * list must not close before the click lands.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const day = [3, 4, 5, 6, 7, 8, 9].map((n) => addDays(todayIn(ZONE), n)).find((d) => slotsFor(d).length > 0)!;

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await sharedServer(); // the run's shared gateway: this file counts only its own bookings
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** Safari's press on a button: focus leaves the box for nothing, unless the page prevented the press's default. */
const likeSafari = (page: Page) =>
  page.evaluate(() => {
    window.addEventListener('mousedown', (e) => {
      if (e.defaultPrevented || !(e.target as Element).closest('button')) return;
      (document.activeElement as HTMLElement | null)?.blur();
    });
  });

describe.each([
  { width: 1440, height: 900, label: 'desktop' },
  { width: 390, height: 844, label: 'phone' },
] as const)('a search result at $width×$height', ({ width, height, label }) => {
  let staff: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height }));
  });
  afterAll(async () => {
    await staff?.close();
  });

  it('opens its booking on a click that does not focus the button (Safari)', async () => {
    const name = `Sam Safari ${label}`;
    const made = await pageFetch<{ id: string }>(page, 'POST', '/api/admin/reservations', {
      name,
      email: `sam.${label}@example.com`,
      phone: '(608) 555-4321',
      partySize: 2,
      date: day,
      time: slotsFor(day)[0]!,
      specialRequests: '',
    });
    expect(made.status).toBe(201);
    await likeSafari(page);
    await page.getByLabel('Search bookings by name, e-mail or phone').fill(`safari ${label}`);
    const hit = page.locator('.search-hit', { hasText: name });
    await hit.waitFor();
    await expect.poll(() => inViewport(page, `.search-hit:has-text("${name}")`)).toBe(true);
    await picture(page, { path: join(SCREENSHOTS, `search-hit-${width}x${height}.png`) });
    await hit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Reservation' });
    await dialog.waitFor({ timeout: 5000 });
    expect(await dialog.getByLabel('Name').inputValue()).toBe(name);
    await picture(page, { path: join(SCREENSHOTS, `search-opened-${width}x${height}.png`) });
  });
});
