import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayIn, weekdayOf } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { SCREENSHOTS, usDate } from './support/dashboard';
import { startServer, type RunningServer } from './support/server';
import { picture } from './support/picture';

/**
 * A visitor with a keyboard and no mouse: books a table with Tab, typing and Enter, finds the focus
 * where the page went after every jump, and stops both carousels; with reduced motion asked for,
 * nothing moves on its own.
 */
const ZONE = 'America/Chicago';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const nextSaturday = (() => {
  let d = addDays(todayIn(ZONE), 1);
  while (weekdayOf(d) !== 6) d = addDays(d, 1);
  return d;
})();

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  chromium = await launchChromium({ motion: 'no-preference' });
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** What the focused element is: its accessible-ish name, and whether it sits inside `within`. */
const focused = (page: Page, within?: string) =>
  page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    return {
      name: (el?.getAttribute('aria-label') || el?.textContent || el?.id || el?.tagName || '').trim(),
      tag: el?.tagName ?? '',
      id: el?.id ?? '',
      inside: sel ? Boolean(el?.closest(sel)) : false,
    };
  }, within);

/** Presses Tab until the focus is on an element whose name is `name` (at most `max` presses). */
async function tabTo(page: Page, name: string | RegExp, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const { name: now } = await focused(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** Presses Tab until the focus has left the element matching `selector`. */
async function tabOutOf(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (!(await focused(page, selector)).inside) return;
  }
  throw new Error(`the focus never left ${selector}`);
}

const heroIndex = (page: Page) => page.locator('.hero-slide').evaluateAll((els) => els.findIndex((e) => e.classList.contains('is-active')));
const reviewIndex = (page: Page) =>
  page.locator('.review-dots .dot').evaluateAll((els) => els.findIndex((e) => e.classList.contains('is-active')));

describe.each(SIZES)('keyboard only at $width×$height', (vp) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await chromium.browser.newContext({ viewport: vp, deviceScaleFactor: 1 });
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('books a table from the top with Tab, typing and Enter, and after Close the next Tab is in the form', async () => {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.locator('.hero-ready').waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Skip to reservations');
    await page.keyboard.press('Enter');
    await page.locator('#reservation-name').waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('reservation-name');
    await page.keyboard.type(`Keyboard Kim ${vp.width}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`kim.${vp.width}@example.com`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('2625550177');
    await page.keyboard.press('Tab'); // party size: 2 people stays
    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('reservation-date');
    await page.keyboard.type(usDate(nextSaturday));
    await page.keyboard.press('Escape');
    await page.locator('.bp6-datepicker').waitFor({ state: 'detached' });
    // Escape closed the calendar only: the field keeps the focus.
    expect((await focused(page)).id).toBe('reservation-date');
    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('reservation-time');
    await page.keyboard.press('ArrowDown'); // the first time of the day
    await expect(page.locator('#reservation-time option:checked').textContent()).resolves.toBe('11:00 AM');
    await tabTo(page, 'Reserve Table');
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Reservation Confirmed!' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(`Keyboard Kim ${vp.width}`);
    await tabTo(page, 'Close');
    await page.waitForTimeout(300);
    await picture(page, { path: join(SCREENSHOTS, `keyboard-confirmation-close-${vp.width}x${vp.height}.png`) });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    const next = await focused(page, 'form[aria-label="Reserve a table"]');
    expect(next).toMatchObject({ inside: true, id: 'reservation-name' });
  });

  it('Reserve Table, then Tab, lands in the reservation form', async () => {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.locator('.hero-ready').waitFor();
    await tabTo(page, vp.width < 768 ? 'Reserve' : 'Reserve Table');
    await page.keyboard.press('Enter');
    await page.locator('#reservation-name').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page, 'form[aria-label="Reserve a table"]')).toMatchObject({ inside: true, id: 'reservation-name' });
  });

  it('a menu jump to Parties, then Tab, lands on Book Your Party; Back to Top, then Tab, stays at the top', async () => {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.locator('.hero-ready').waitFor();
    await tabTo(page, vp.width < 768 ? 'Open menu' : 'Explore');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Parties');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Celebrate with games');
    // Once the page has arrived (after the phone drawer's 300 ms closing animation and the smooth
    // scroll), the focus is still on the section.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const y = window.scrollY;
          setTimeout(() => resolve(window.scrollY === y), 400);
        }),
    );
    expect((await focused(page)).name).toBe('Celebrate with games');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Book Your Party');
    await picture(page, { path: join(SCREENSHOTS, `keyboard-focus-on-cream-${vp.width}x${vp.height}.png`) });
    await tabTo(page, /Back to Top$/, 120);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focused(page, '[data-topbar]')).toMatchObject({ inside: true });
  });

  it('opens the gallery viewer with Enter, and → moves at once', async () => {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.locator('.hero-ready').waitFor();
    await tabTo(page, /^Open photo 1 of/, 120);
    await page.keyboard.press('Enter');
    const counter = page.getByRole('dialog', { name: 'Photo viewer' }).locator('.viewer-counter');
    await counter.waitFor();
    const total = (await counter.textContent())!.split(' of ')[1];
    await page.keyboard.press('ArrowRight');
    // Within a frame or two of the key, not after the opening animation; a loaded CI runner may need a few frames.
    await expect.poll(() => counter.textContent(), { timeout: 1000 }).toBe(`2 of ${total}`);
    await page.keyboard.press('Escape');
    await counter.waitFor({ state: 'detached' });
  });

  it('pauses both carousels from the keyboard', async () => {
    // The page's timers run on a clock the test can move on: seconds of carousel time without the wait.
    await page.clock.install();
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.locator('.hero-ready').waitFor();
    // Left alone, the slideshow moves on that clock: so standing still below means paused.
    const first = await heroIndex(page);
    await page.clock.runFor(5500);
    expect(await heroIndex(page)).not.toBe(first);
    await tabTo(page, 'Pause slideshow');
    await page.keyboard.press('Enter');
    expect((await focused(page)).name).toBe('Play slideshow');
    await picture(page, { path: join(SCREENSHOTS, `keyboard-hero-paused-${vp.width}x${vp.height}.png`) });
    await tabOutOf(page, '.hero');
    await tabTo(page, 'Pause reviews');
    await page.keyboard.press('Enter');
    expect((await focused(page)).name).toBe('Play reviews');
    await picture(page, { path: join(SCREENSHOTS, `keyboard-reviews-paused-${vp.width}x${vp.height}.png`) });
    await tabOutOf(page, '.reviews');
    const hero = await heroIndex(page);
    const review = await reviewIndex(page);
    await page.clock.runFor(6500); // longer than one 5 s interval, the focus elsewhere
    expect(await heroIndex(page)).toBe(hero);
    expect(await reviewIndex(page)).toBe(review);
  });

  it('holds the slideshow while it is scrolled out of view, and moves it again once back', async () => {
    // A page of its own: one clock per page (a second install on the shared page would not clear its timers).
    const own = await chromium.browser.newContext({ viewport: vp, deviceScaleFactor: 1 });
    try {
      await own.clock.install();
      const page = await own.newPage();
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      await page.locator('.hero-ready').waitFor();
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await page.locator('.hero-slides[aria-live="polite"]').waitFor({ state: 'attached' }); // held: it says so to screen readers
      const hero = await heroIndex(page);
      await page.clock.runFor(11_000); // two intervals, out of view
      expect(await heroIndex(page)).toBe(hero);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.hero-slides[aria-live="off"]').waitFor({ state: 'attached' });
      await page.clock.runFor(5500);
      expect(await heroIndex(page)).not.toBe(hero);
    } finally {
      await own.close();
    }
  });
});

describe('with reduced motion', () => {
  it('neither carousel advances in 12 s, and both offer Play', async () => {
    const ctx = await chromium.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await ctx.clock.install();
    const page = await ctx.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.locator('.hero-ready').waitFor();
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor();
    await page.getByRole('button', { name: 'Play reviews' }).waitFor();
    const hero = await heroIndex(page);
    const review = await reviewIndex(page);
    await page.clock.runFor(12_000); // every timer due in 12 s fires
    expect(await heroIndex(page)).toBe(hero);
    expect(await reviewIndex(page)).toBe(review);
    await ctx.close();
  }, 60_000);
});
