import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PERSONAL_DATA_ERASED, type ReservationOut } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { expectToast, openSection, screenshot, SCREENSHOTS } from './support/content-dashboard';
import { pageFetch, signInAsStaff } from './support/staff';

/**
 * Erasure on request from the dashboard (System → Privacy): staff enter a guest's e-mail, confirm, and
 * the guest's name, e-mail and phone leave the booking lists while the booking stays.
 */
const OWNER = 'owner@example.com';
const VIEWPORTS = [
  { tag: 'desktop', width: 1440, height: 900 },
  { tag: 'phone', width: 390, height: 844 },
] as const;

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OWNER });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe.each(VIEWPORTS)('erasing a guest from the dashboard at $width×$height', (vp) => {
  let context: BrowserContext;
  let page: Page;
  const email = `forget.me.${vp.tag}@example.com`;

  beforeAll(async () => {
    ({ context, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width: vp.width, height: vp.height }));
    const status = await page.evaluate(async (address) => {
      const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
      const body = { name: 'Forget Me', email: address, phone: '(262) 555-0123', partySize: 3, date, time: '18:00' };
      const r = await fetch('/api/reservations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return r.status;
    }, email);
    expect(status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  it('refuses a bad address, asks before erasing, and erases: the booking stays without the guest’s data', async () => {
    const before = (await pageFetch<ReservationOut[]>(page, 'GET', '/api/reservations')).json;
    await openSection(page, vp, 'System', 'system');
    const panel = page.getByRole('region', { name: 'Privacy: erase a guest’s personal data' });
    await panel.scrollIntoViewIfNeeded();
    await panel.getByLabel("Guest's e-mail").fill('not-an-address');
    await panel.getByRole('button', { name: 'Erase personal data' }).click();
    await panel.getByText('Please enter a valid email address').first().waitFor();

    await panel.getByLabel("Guest's e-mail").fill(email);
    await panel.getByRole('button', { name: 'Erase personal data' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('This cannot be undone').waitFor();
    if (vp.tag === 'desktop') await screenshot(page, 'privacy-confirm', vp);
    await alert.getByRole('button', { name: 'Erase' }).click();
    await expectToast(page, 'Personal data erased');
    await panel.getByText('Erased from 1 reservation and 0 party bookings.', { exact: false }).waitFor();
    await screenshot(page, 'privacy-erased', vp);

    const after = (await pageFetch<ReservationOut[]>(page, 'GET', '/api/reservations')).json;
    expect(after.length).toBe(before.length);
    expect(JSON.stringify(after)).not.toContain(email);
    expect(JSON.stringify(after)).not.toContain('555-0123');
    expect(after.filter((r) => r.name === PERSONAL_DATA_ERASED).length).toBe(
      before.filter((r) => r.name === PERSONAL_DATA_ERASED).length + 1,
    );
  });
});
