import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';
import { settled } from './support/settled';

/**
 * An address the site does not know: the visitor is told the page was not found and where to go next
 * (home, booking, game nights, the game library, the café's phone), never a note for the developers.
 * A mistyped dashboard address leads staff back to the dashboard.
 */
let server: RunningServer;
let chromium: LaunchedBrowser;
/** The café's phone as stored (GET /api/business-info), as the other pages read it. */
let phoneDigits: string;

beforeAll(async () => {
  server = await sharedServer(); // the run's shared gateway: this file only reads
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const info = (await (await fetch(`${server.url}/api/business-info`)).json()) as { phone: string };
  phoneDigits = info.phone.replace(/\D/g, '').slice(-10);
  expect(phoneDigits).toHaveLength(10);
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** Words that belong to the code, not to a café's visitors. */
const DEVELOPER_WORDS = /router|web\/src|\.tsx|forget to add/i;

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

describe.each(SIZES)('a wrong address at $width×$height', ({ width, height }) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await chromium.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const hrefOf = async (name: string) => page.getByRole('link', { name, exact: true }).getAttribute('href');

  it('/no-such-page tells the visitor the page was not found and where to go, with the café phone', async () => {
    const res = await page.goto(`${server.url}/no-such-page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('We could not find that page. The link may be old or mistyped.');
    expect(text).not.toMatch(DEVELOPER_WORDS);
    expect(await page.locator('body').innerText()).not.toMatch(DEVELOPER_WORDS);

    const next = page.getByRole('navigation', { name: 'Where to go next' });
    expect(await next.getByRole('link').allInnerTexts()).toEqual([
      'Book a table',
      'Game nights and events',
      'Our game library',
      expect.stringMatching(/^Back to /),
    ]);
    expect(await hrefOf('Book a table')).toBe('/#reservations');
    expect(await hrefOf('Game nights and events')).toBe('/events');
    expect(await hrefOf('Our game library')).toBe('/games');
    expect(await next.getByRole('link', { name: /^Back to / }).getAttribute('href')).toBe('/');

    // The café's phone, as stored, to call.
    const call = page.locator('main a[href^="tel:"]');
    expect(await call.getAttribute('href')).toBe(`tel:+1${phoneDigits}`);
    expect((await call.innerText()).replace(/\D/g, '')).toBe(phoneDigits);
    expect(await page.getByText('Looking for something else? Call us at').isVisible()).toBe(true);
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `not-found-${width}x${height}.png`) });

    // The way to the events works.
    await page.getByRole('link', { name: 'Game nights and events', exact: true }).click();
    await page.waitForURL(`${server.url}/events`);
  });

  it('a mistyped dashboard address leads back to the dashboard, without developer notes', async () => {
    await page.goto(`${server.url}/admin/no-such-section`);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('There is no such page in the dashboard.');
    expect(text).not.toMatch(DEVELOPER_WORDS);
    const next = page.getByRole('navigation', { name: 'Where to go next' });
    expect(await next.getByRole('link').allInnerTexts()).toEqual(['Back to the dashboard', expect.stringMatching(/^Back to /)]);
    expect(await hrefOf('Back to the dashboard')).toBe('/admin');
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `not-found-admin-${width}x${height}.png`) });
  });
});
