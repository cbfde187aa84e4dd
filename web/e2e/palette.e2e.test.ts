import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, slotsFor, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { cafeClockAt } from './support/test-clock';
import { pageFetch, signInAsStaff } from './support/staff';
import { fillDate, openView, SCREENSHOTS } from './support/dashboard';
import { settled } from './support/settled';
import { picture } from './support/picture';

/**
 * One palette (issue 27, styles/README.md's colour row): no screen paints Blueprint's own slate, red,
 * green, blue, violet or cool grey; a destructive action is brick (--brick-dark), success is teal,
 * Pending secondary (SPEC's badge), Popular the same calm pill everywhere, and a toast keeps --space-4 off the edge.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
const BRICK = 'rgb(166, 61, 38)';
const BRICK_DARK = 'rgb(138, 49, 30)';
const BRICK_DARKEST = 'rgb(116, 40, 23)';
const TEAL = 'rgb(31, 95, 91)';
const TEAL_SOFT = 'rgb(217, 235, 232)';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  // Today's bookings at set times: the café's day starts at 9 AM, before any of them (a passed time is refused).
  server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE, ...cafeClockAt(today, '09:00', ZONE) });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function look(page: Page, what: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await settled(page);
  await picture(page, { path: join(SCREENSHOTS, `palette-${what}-${width}x${height}.png`) });
}

const style = (l: Locator, prop: string) => l.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

/**
 * Visible elements painted in one of Blueprint's defaults the café replaces: danger red #cd4246 (and
 * its hover #ac2f33), success green #238551 / #1c6e42, slate #5f6b7c, blue #2d6fd2 / #2d72d2, violet
 * #7a48bf, navy #2b4c81, the cool stripe grey (#eeeeed, rgba(143, 153, 168, …)), and the search
 * field's own clear "×".
 */
const blueprintDefaultsIn = (page: Page) =>
  page.evaluate(() => {
    const DEFAULTS =
      /\b(205, 66, 70|172, 47, 51|35, 133, 81|28, 110, 66|95, 107, 124|45, 111, 210|45, 114, 210|122, 72, 191|43, 76, 129|238, 238, 237|143, 153, 168)\b/;
    const props = ['color', 'background-color', 'border-top-color', 'border-left-color', 'box-shadow', 'fill', 'stroke'];
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden' || el.closest('[aria-hidden="true"]:not(svg)')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      for (const p of props) {
        const v = cs.getPropertyValue(p);
        // A border or shadow only counts where it is drawn.
        if (p.startsWith('border') && cs.getPropertyValue(`${p.replace('-color', '-width')}`) === '0px') continue;
        if (DEFAULTS.test(v)) found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${p}: ${v}`);
      }
      if (el instanceof HTMLInputElement && el.type === 'search') {
        const x = getComputedStyle(el, '::-webkit-search-cancel-button');
        if (x.appearance !== 'none') found.push(`input[type=search] draws the browser's own clear button`);
      }
    }
    return found.slice(0, 10);
  });

/** The colour a button is painted in: its fill, or its text when it has none (minimal, outlined). */
const paint = (button: Locator) =>
  button.evaluate((el) => {
    const cs = getComputedStyle(el);
    return /rgba\(.*, 0\)|transparent/.test(cs.backgroundColor) ? cs.color : cs.backgroundColor;
  });

describe.each(SIZES)('the staff side at $width×$height', (viewport) => {
  let staff: BrowserContext;
  let page: Page;
  const pending = `Pia Pending ${viewport.width}`;

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    const slots = slotsFor(today);
    for (const [i, time] of [slots[0], slots[slots.length - 1]].entries()) {
      const r = await pageFetch(page, 'POST', '/api/reservations', {
        name: `Tone ${i} ${viewport.width}`,
        email: `tone${i}.${viewport.width}@example.com`,
        phone: '(414) 555-0110',
        date: today,
        time,
        partySize: 2,
      });
      expect(r.status).toBe(201);
    }
    const p = await pageFetch(page, 'POST', '/api/party-bookings', {
      name: pending,
      email: `pia.${viewport.width}@example.com`,
      phone: '(414) 555-0111',
      eventType: 'birthday',
      partySize: 10,
      date: addDays(today, 1),
      time: '18:00',
    });
    expect(p.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await staff?.close();
  });

  it("no section, view or empty state paints Blueprint's default slate, red, green, blue, violet or cool grey", async () => {
    const sections = ['parties', 'blocked-dates', 'open-tables', 'menu', 'games', 'events', 'gallery', 'business-info'];
    for (const id of [...sections, 'admin-access', 'reports', 'system']) {
      await page.goto(`${server.url}/admin?section=${id}`);
      await page.locator(`#admin-panel-${id} h2`).first().waitFor();
      await page.locator(`#admin-panel-${id} .bp6-spinner`).first().waitFor({ state: 'detached' });
      await settled(page);
      expect(await blueprintDefaultsIn(page), id).toEqual([]);
    }
    await look(page, 'system');
    await page.goto(`${server.url}/admin?section=blocked-dates`);
    const empty = page.locator('.bp6-non-ideal-state').first();
    if (await empty.isVisible()) expect(await style(empty.locator('.bp6-heading').first(), 'color')).toBe('rgb(43, 33, 24)');
    await page.goto(`${server.url}/admin?section=reservations`);
    for (const view of ["Today's Reservations", 'List View', 'Week View', 'Month View'] as const) {
      await openView(page, view);
      await settled(page);
      expect(await blueprintDefaultsIn(page), view).toEqual([]);
      await look(page, `reservations-${view.split(' ')[0]!.replace(/\W/g, '').toLowerCase()}`);
    }
    // The legend's three times of day are the palette's tokens, not Blueprint's blue and violet.
    // Polled: the Month View draws its legend with its month, which may still be on its way.
    await expect
      .poll(() => page.locator('.tone-legend .tone-dot').evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor)))
      .toEqual(expect.arrayContaining(['rgb(59, 95, 134)', 'rgb(176, 124, 14)', 'rgb(122, 58, 106)']));
  });

  it('a destructive action is brick (--brick-dark), Approve is not Blueprint green, Pending is secondary', async () => {
    await page.goto(`${server.url}/admin?section=parties`);
    const row = page.locator('.parties-table tr', { hasText: pending });
    const tag = row.locator('.party-status');
    await tag.waitFor();
    // SPEC: pending secondary (no intent, in the café's ink rather than Blueprint's slate: checked below).
    expect(await tag.getAttribute('class')).not.toMatch(/bp6-intent-/);
    await page.getByRole('button', { name: `Approve or reject ${pending}'s party` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve/Reject Party Booking' });
    const reject = dialog.getByRole('button', { name: 'Reject', exact: true });
    await reject.waitFor();
    // Outlined now (filled only in a confirmation), so its words carry the colour: Blueprint writes an
    // outlined danger button's words in the danger text shade, the brick's darkest step.
    await page.mouse.move(1, 1); // Chromium drops a hover at its next frame: the colours are polled
    await expect.poll(() => paint(reject)).toSatisfy((c: string) => [BRICK_DARK, BRICK_DARKEST].includes(c));
    expect([BRICK, TEAL]).toContain(await paint(dialog.getByRole('button', { name: 'Approve', exact: true })));
    expect(await blueprintDefaultsIn(page)).toEqual([]);
    await look(page, 'party-decision');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/admin?section=menu`);
    const popular = page.locator('#admin-panel-menu .popular-tag').first();
    await popular.waitFor();
    expect(await style(popular, 'background-color')).toBe(TEAL_SOFT);
    await page
      .locator('#admin-panel-menu')
      .getByRole('button', { name: /^Delete (?!category)/ })
      .first()
      .click();
    const confirm = page.locator('.bp6-alert').getByRole('button', { name: 'Delete Item' });
    await confirm.waitFor();
    await page.mouse.move(1, 1);
    await expect.poll(() => paint(confirm)).toBe(BRICK_DARK);
    expect(await blueprintDefaultsIn(page)).toEqual([]);
    await look(page, 'confirm-delete');
    await page.locator('.bp6-alert').getByRole('button', { name: 'Cancel' }).click();
  });

  it('a success toast is teal and sits --space-4 above the bottom edge', async () => {
    await page.goto(`${server.url}/admin?section=blocked-dates`);
    await page.getByRole('button', { name: 'Block Date' }).first().click();
    const form = page.getByRole('form', { name: 'Block a date' });
    await fillDate(page, form.locator('#block-date'), addDays(today, viewport.width === 390 ? 200 : 201));
    await form.locator('#block-reason').fill('Palette check');
    await form.getByRole('button', { name: 'Block Date' }).click();
    const toast = page.locator('.bp6-toast', { hasText: 'Date blocked successfully' });
    await toast.waitFor();
    await settled(page);
    expect(await style(toast, 'background-color')).toBe(TEAL);
    const box = (await toast.boundingBox())!;
    expect(viewport.height - (box.y + box.height)).toBeGreaterThanOrEqual(16);
    await look(page, 'toast');
  });
});

describe.each(SIZES)('the public site at $width×$height', (viewport) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await chromium.browser.newContext({ viewport, deviceScaleFactor: 1 });
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the primary actions are brick (inverted on the brick band), the second one the café outline, Popular and prices one style in the teaser and the full menu', async () => {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    const hero = page.locator('.hero-slide.is-active');
    expect(await style(hero.locator('.hero-button').first(), 'background-color')).toBe(BRICK);
    const second = hero.locator('.hero-button-secondary');
    expect(await style(second, 'color')).toBe('rgb(255, 255, 255)');
    expect(await style(second, 'box-shadow')).toContain('rgb(255, 255, 255)');
    await look(page, 'hero');
    // On the brick band the call to action is the brick inverted: cream with brick words, no mustard.
    const call = page.locator('.section-questions .bp6-button');
    await call.scrollIntoViewIfNeeded();
    expect(await style(call, 'background-color')).toBe('rgb(255, 253, 249)');
    expect(await style(call, 'color')).toBe(BRICK_DARK);

    const menu = page.locator('#menu');
    await menu.scrollIntoViewIfNeeded();
    const teaserTag = menu.locator('.food-items .popular-tag').first();
    await teaserTag.waitFor();
    const teaserPrice = await style(menu.locator('.food-item-price').first(), 'color');
    expect(await style(teaserTag, 'background-color')).toBe(TEAL_SOFT);
    await page.getByRole('button', { name: 'View full menu' }).click();
    const full = menu.locator('.full-menu-grid');
    await full.locator('.full-menu-category').first().waitFor();
    expect(await style(full.locator('.popular-tag').first(), 'background-color')).toBe(TEAL_SOFT);
    expect(await style(full.locator('.full-menu-price').first(), 'color')).toBe(teaserPrice);
    await settled(page);
    expect(await blueprintDefaultsIn(page)).toEqual([]);
    await look(page, 'full-menu');

    await page.goto(`${server.url}/games/bgg-13`);
    const available = page.getByText('Available: 2 copies');
    await available.waitFor();
    expect(await style(available, 'background-color')).toBe(TEAL);
    expect(await blueprintDefaultsIn(page)).toEqual([]);
  });
});
