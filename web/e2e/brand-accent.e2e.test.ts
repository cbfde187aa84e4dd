import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';
import { settled } from './support/settled';

/**
 * The café's name in the bar of /games, /events and the sign-up page: a café that has not typed its name
 * yet shows 'Meeple Haven' over 'BOARD GAME CAFÉ'. Both lines are clipped (a long name is cut, not pushed
 * over the way back), and the clip box was the line box: 'CAFÉ' lost its accent at 1× pixel density.
 */
let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  // No demo café: no name stored, so the bar shows the default two-line name (its own server: none seeded).
  server = await startServer({ SEED_DEMO: 'false' });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

const PAGES = ['/games', '/events', '/my-event-sign-up?token=not-a-real-link'];
const CASES = [390, 1440].flatMap((width) => [1, 2].map((dpr) => ({ width, height: width === 390 ? 844 : 900, dpr })));

/** Each clipped line of the brand: how far the font's ascent (where accents reach) stands above its clip box. */
const brandLines = (page: Page) =>
  page.locator('.public-page-bar .brand-name, .public-page-bar .brand-sub').evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return {
        text: el.textContent,
        overflow: style.overflow,
        textOverflow: style.textOverflow,
        scrollHeight: el.scrollHeight,
        clientHeight: el.clientHeight,
        above: box.top - text.top,
      };
    }),
  );

describe.each(CASES)('the brand line at $width px, $dpr×', ({ width, height, dpr }) => {
  it.each(PAGES)('%s shows CAFÉ whole: the clip takes no pixel of the name', async (path) => {
    const ctx = await chromium.browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr });
    try {
      const page = await ctx.newPage();
      await page.goto(`${server.url}${path}`);
      const sub = page.locator('.public-page-bar .brand-sub');
      await sub.waitFor();
      expect(await sub.innerText()).toBe('BOARD GAME CAFÉ');
      await page.evaluate(() => document.fonts.ready);
      await settled(page);

      const lines = await brandLines(page);
      expect(lines.map((l) => l.text)).toEqual(['Meeple Haven', 'Board Game Café']);
      for (const line of lines) {
        // Still clipped (a long name is cut), and the accents' height lies inside the clip box.
        expect(line.overflow).toBe('hidden');
        expect(line.scrollHeight).toBeLessThanOrEqual(line.clientHeight);
        expect(line.above, `${line.text}: the font's ascent above the clip box`).toBeLessThanOrEqual(0);
      }
      // A phone cuts a long first line with an ellipsis, as before.
      if (width === 390) expect(lines[0]!.textOverflow).toBe('ellipsis');

      // What the visitor sees: the name's pixels are the same with the clip lifted, so no accent was cut
      // (the name only: the logo beside it may be painted again a shade apart).
      const area = await page.locator('.public-page-bar .brand-text').boundingBox();
      const clip = { x: area!.x - 2, y: area!.y - 6, width: area!.width + 4, height: area!.height + 12 };
      const clipped = await page.screenshot({ clip, animations: 'disabled' });
      if (path === '/games') {
        await picture(page.locator('.public-page-header'), { path: join(SCREENSHOTS, `brand-${width}-${dpr}x.png`) });
      }
      await page.addStyleTag({ content: '.public-page-bar .brand-name, .public-page-bar .brand-sub { overflow: visible !important; }' });
      const unclipped = await page.screenshot({ clip, animations: 'disabled' });
      expect(clipped.equals(unclipped), 'the clip hides part of the brand').toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
