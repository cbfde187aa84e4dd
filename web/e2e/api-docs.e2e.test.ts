import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { screenshot } from './support/content-dashboard';

/**
 * The browsable API documentation: Swagger UI at /api/docs renders the OpenAPI document under the
 * site's page policy, loading nothing from anywhere but the site. (The web app itself is not needed.)
 */
let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ WEB_DIST: join(tmpdir(), 'no-web-build-needed') });
  chromium = await launchChromium();
}, 180_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe('/api/docs', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`renders every slice's operations from the site's own files only (${viewport.width}x${viewport.height})`, async () => {
      const context = await chromium.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        // Recorded from the first script on: a refused script or style would show here.
        await page.addInitScript(() => {
          const w = window as unknown as { cspViolations: string[] };
          w.cspViolations = [];
          document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
        });
        const requested: string[] = [];
        const errors: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });

        await page.goto(`${server.url}/api/docs`, { waitUntil: 'load' });
        // The document loaded and rendered: a tag per slice, with its operations. Swagger UI draws only the
        // operations near the viewport (a virtual list), so each is looked for as a reader would: scrolling down.
        await page.locator('.opblock-tag').first().waitFor();
        const scrolledTo = async (locator: Locator) => {
          await page.evaluate(() => window.scrollTo(0, 0));
          for (let step = 0; step < 300; step++) {
            // Visible for a moment and still there: the list redraws as it scrolls.
            if ((await locator.isVisible()) && (await page.waitForTimeout(100), await locator.isVisible())) return locator;
            await page.mouse.wheel(0, viewport.height / 3);
            await page.waitForTimeout(25);
          }
          throw new Error(`not found scrolling down: ${locator.toString()}`);
        };
        await scrolledTo(page.locator('.opblock-tag', { hasText: 'reservations' }).first());
        const booking = await scrolledTo(page.locator('.opblock-post', { hasText: '/api/reservations' }).first());
        expect(await booking.isVisible()).toBe(true);
        for (const tag of ['party-bookings', 'blocked-dates', 'menu', 'gallery', 'system', 'floor', 'waitlist', 'door-queue']) {
          await scrolledTo(page.locator('.opblock-tag', { hasText: tag }).first());
        }
        await scrolledTo(page.locator('.opblock-post', { hasText: '/api/reservations' }).first());
        // The staff session is offered as the way to authorise.
        await page
          .getByRole('button', { name: /Authorize/ })
          .first()
          .waitFor();

        const outside = requested.filter((url) => !url.startsWith(`${server.url}/`) && !url.startsWith('data:'));
        expect(outside).toEqual([]);
        expect(requested).toContain(`${server.url}/api/docs/json`);
        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
        expect(errors).toEqual([]);
        // Nothing sticks out sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        await booking.locator('.opblock-summary').first().click();
        await page.locator('.opblock-post.is-open .opblock-section-request-body, .opblock-post.is-open .opblock-section').first().waitFor();
        await screenshot(page, 'openapi-docs', viewport);
      } finally {
        await context.close();
      }
    });
  }
});
