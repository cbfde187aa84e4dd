import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, formatTime12, slotsFor, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { SCREENSHOTS, openSection, openView } from './support/dashboard';
import { picture } from './support/picture';

/**
 * The printable day sheet: a day with 30 bookings (28 reservations and 2 approved parties, made through
 * the API) on screen at 1440×900 and 390×844, and as printed on A4 and Letter (print media at the
 * paper's width, and the PDF Chromium prints): every row whole, in time order, in type of at least 10px.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
/** A Saturday at least three days ahead: the longest day of slots (11 AM to 10 PM). */
const day = (() => {
  for (let i = 3; ; i++) {
    const d = addDays(today, i);
    if (new Date(`${d}T12:00:00Z`).getUTCDay() === 6 && slotsFor(d).length >= 20) return d;
  }
})();
const LONG_REQUEST = 'High chair for a toddler, a quiet corner away from the door, and one guest is allergic to nuts';

let server: RunningServer;
let chromium: LaunchedBrowser;
const booked: { time: string; name: string }[] = [];

async function seed(page: Page) {
  const slots = slotsFor(day);
  for (let i = 0; i < 28; i++) {
    const time = slots[i % slots.length]!;
    const name = `Sheet Guest ${String(i + 1).padStart(2, '0')}`;
    const res = await pageFetch(page, 'POST', '/api/admin/reservations', {
      name,
      email: `sheet${i}@example.com`,
      phone: `(262) 555-${String(1000 + i)}`,
      partySize: 1 + (i % 3),
      date: day,
      time,
      ...(i % 4 === 0 ? { specialRequests: LONG_REQUEST } : {}),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    booked.push({ time, name });
  }
  for (const [i, time] of [slots[4]!, slots[12]!].entries()) {
    const name = `Sheet Party ${i + 1}`;
    const res = await pageFetch<{ id: string }>(page, 'POST', '/api/party-bookings', {
      name,
      email: `sheetparty${i}@example.com`,
      phone: '(414) 555-0199',
      eventType: 'birthday',
      partySize: 10,
      date: day,
      time,
      specialRequests: 'Cake table',
    });
    expect(res.status).toBe(201);
    const approved = await pageFetch(page, 'PATCH', `/api/party-bookings/${res.json.id}/approve`, {
      status: 'approved',
      adminNotes: 'Deposit paid; set up the long table',
    });
    expect(approved.status).toBe(200);
    booked.push({ time, name });
  }
}

/** Every row shown, none cut: each cell's content fits its box, the row lies inside the page's width. */
async function rowsReadable(page: Page, width: number) {
  const rows = page.locator('tr.day-sheet-row');
  expect(await rows.count()).toBe(30);
  const report = await page.locator('.day-sheet-table').evaluate((table, pageWidth) => {
    const cells = [...table.querySelectorAll('tbody td')] as HTMLElement[];
    return {
      smallestFont: Math.min(...cells.map((c) => parseFloat(getComputedStyle(c).fontSize))),
      clipped: cells.filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1).map((c) => c.textContent),
      outside: [...table.querySelectorAll('tbody tr')].filter((r) => {
        const box = r.getBoundingClientRect();
        return box.height < 10 || box.left < 0 || box.right > pageWidth + 0.5;
      }).length,
      names: [...table.querySelectorAll('tbody td.ds-name')].map((c) => c.textContent),
      times: [...table.querySelectorAll('tbody td.ds-time')].map((c) => c.textContent),
    };
  }, width);
  expect(report.smallestFont).toBeGreaterThanOrEqual(10);
  expect(report.clipped).toEqual([]);
  expect(report.outside).toBe(0);
  const order = [...booked].sort((a, b) => a.time.localeCompare(b.time));
  expect(report.times).toEqual(order.map((b) => formatTime12(b.time)));
  expect([...report.names].sort()).toEqual(booked.map((b) => b.name).sort());
  return report;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE, SEED_DEMO: 'false' });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe.each([
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
])('the day sheet at $width×$height', (viewport) => {
  let staff: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    if (booked.length === 0) await seed(page);
  }, 120_000);
  afterAll(async () => {
    await staff?.close();
  });

  it("opens from Today's Reservations for today, and another date is one choice away", async () => {
    await openSection(page, 'Reservations');
    await openView(page, "Today's Reservations");
    const button = page.getByRole('button', { name: 'Print day sheet' });
    await button.waitFor();
    await button.click();
    await page.waitForURL(`${server.url}/admin/day-sheet?date=${today}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${server.url}/admin/day-sheet?date=${day}`);
    await page.locator('tr.day-sheet-row').nth(29).waitFor();
    await page.getByText('30 bookings, ').waitFor();
    await picture(page, { path: join(SCREENSHOTS, `day-sheet-screen-${viewport.width}x${viewport.height}.png`) });
  });

  it('prints on A4 and on Letter in readable rows, the date choice and buttons left off', async () => {
    for (const paper of [
      { name: 'A4', width: 794, height: 1123 },
      { name: 'Letter', width: 816, height: 1056 },
    ] as const) {
      // The printable width of the paper at 96 px per inch, less the sheet's @page margins (10 mm each side).
      const printable = paper.width - 2 * Math.round((10 / 25.4) * 96);
      await page.setViewportSize({ width: printable, height: paper.height });
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.day-sheet-toolbar').isVisible()).toBe(false);
      await rowsReadable(page, printable);
      await picture(page, { path: join(SCREENSHOTS, `day-sheet-print-${paper.name}-from-${viewport.width}.png`), fullPage: true });
      const pdf = await page.pdf({ format: paper.name, printBackground: true });
      const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      // 30 bookings, some with long requests: two pages.
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(2);
      writeFileSync(join(SCREENSHOTS, `day-sheet-${paper.name}-from-${viewport.width}.pdf`), pdf);
    }
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(viewport);
  });
});
