import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';
import { signInAsStaff } from './support/staff';

/**
 * What a staff page and a booking form load and work out before they can draw, beyond what they show:
 * Blueprint's date input used to work out the UTC offset of ~130 time zones as its script was evaluated
 * (a time-zone formatter each, some 250 ms of a desktop's main thread) for a time-zone picker the site
 * never shows, and Blueprint's stylesheet carried its dark theme (46% of it) for a site that has none.
 */
const OWNER = 'owner@example.com';

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await sharedServer();
  chromium = await launchChromium();
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** Records the time zone of every Intl.DateTimeFormat the page makes, from before its first script. */
async function countTimeZones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const zones = new Set<string>();
    (window as unknown as { __zones: Set<string> }).__zones = zones;
    const record = (options: unknown) => {
      const zone = (options as Intl.DateTimeFormatOptions | undefined)?.timeZone;
      if (zone) zones.add(zone);
    };
    // Called with and without `new` (date-fns-tz does both).
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct: (target, args: unknown[], newTarget) => (record(args[1]), Reflect.construct(target, args, newTarget) as object),
      apply: (target, self, args: unknown[]) => (record(args[1]), Reflect.apply(target, self, args) as unknown),
    });
  });
}

const zonesSeen = (page: Page) => page.evaluate(() => [...(window as unknown as { __zones: Set<string> }).__zones]);

/** The style rules the page applies, by what they select. */
const styleRules = (page: Page) =>
  page.evaluate(() => {
    const selectors: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        else if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    return selectors;
  });

describe('the pages that load Blueprint’s date input and stylesheet', () => {
  it('the staff dashboard: a date input that works, formatters for a handful of zones, no dark theme', async () => {
    const { context, page } = await signInAsStaff(chromium.browser, server.url, OWNER);
    try {
      await countTimeZones(page);
      await page.goto(`${server.url}/admin`);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      // The dashboard's date inputs (new booking, reports, closures) come with its script.
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/calendar-date-input-'))))
        .toBe(true);
      await page.waitForLoadState('networkidle');
      const zones = await zonesSeen(page);
      expect(zones.length, `time zones formatted: ${zones.join(', ')}`).toBeLessThanOrEqual(5);
      // The recorder saw the dashboard's own formatting: its calendars' dates are UTC days. (The café's
      // zone came from the landing page's holiday hours, no longer in every page's first script.)
      expect(zones).toContain('UTC');

      const selectors = await styleRules(page);
      expect(selectors.filter((s) => /\.bp6-dark\b|\[data-bp-color-scheme="?dark/.test(s))).toEqual([]);
      expect(selectors.filter((s) => /^\.bp6-icon-[a-z0-9-]+::before$/.test(s))).toEqual([]);
      // Blueprint's own rules for what the dashboard shows are there.
      expect(selectors.some((s) => s.includes('.bp6-tab-list'))).toBe(true);
      expect(selectors.some((s) => s.includes('.bp6-dialog'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a visitor’s reservation form: its calendar opens, with formatters for a handful of zones', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await countTimeZones(page);
      await page.goto(server.url);
      await page.locator('#reservations').scrollIntoViewIfNeeded();
      await page.locator('#reservation-date').click();
      await page.locator('.rdp').waitFor();
      const zones = await zonesSeen(page);
      expect(zones.length, `time zones formatted: ${zones.join(', ')}`).toBeLessThanOrEqual(5);
      // The form's today is the café's: the recorder saw the page's own formatting.
      expect(zones).toContain('America/Chicago');
    } finally {
      await context.close();
    }
  });
});
