import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, encodeCursor, todayIn, type BookingsView } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { YEAR, yearOfBookings } from './support/year-of-bookings';
import { signInAsStaff } from './support/staff';
import { SCREENSHOTS, isNarrow, openSection, openView } from './support/dashboard';
import { picture } from './support/picture';

/**
 * A year of a busy café: 15,000 future reservations (50 a day over 300 days) made through the staff
 * booking command before the gateway starts (yearOfBookings: services/test/year-of-bookings.ts, the
 * command POST /api/admin/reservations runs, in a process of its own and without the e-mails; global setup
 * starts it early, see year-of-bookings.ts), then the
 * List View at 1440×900 and 390×844 shows its first row within a second and keeps the page small, and
 * the staff list endpoint answers a page in under 50 ms.
 */
const { zone: ZONE, staff: OWNER, total: TOTAL } = YEAR;
const today = todayIn(ZONE);
/** The first day with bookings, as the seeding process planned it: today's café date may have moved on since. */
let firstDay = '';

let server: RunningServer;
let chromium: LaunchedBrowser;
/** The staff session's cookie header, for the timing requests made from Node. */
let cookie = '';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function staffFetch(path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: { cookie, origin: server.url, accept: 'application/json', ...(init.headers as Record<string, string>) },
  });
}

/** The median of `runs` timed GETs of a path (after one warm-up), in ms. */
async function timed(path: string, runs = 15): Promise<{ median: number; all: number[] }> {
  await (await staffFetch(path)).arrayBuffer();
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await staffFetch(path);
    await res.arrayBuffer();
    all.push(performance.now() - started);
    expect(res.status).toBe(200);
  }
  return { median: median(all), all };
}

beforeAll(async () => {
  const started = performance.now();
  const { dataDir, firstDay: first } = await yearOfBookings();
  firstDay = first;
  console.log(`a year of bookings: ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE, SEED_DEMO: 'false' }, null, dataDir);
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const { context } = await signInAsStaff(chromium.browser, server.url, OWNER);
  cookie = (await context.cookies(server.url)).map((c) => `${c.name}=${c.value}`).join('; ');
  await context.close();
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe('the staff list endpoints answer a page of a year of bookings quickly', () => {
  it('a page (50) of the List View, of GET /api/reservations, first and half a year in: median under 50 ms', async () => {
    const half = encodeCursor({ date: addDays(today, 150), time: '00:00', createdAt: '', id: '' });
    const paths = [
      '/api/admin/bookings/list?limit=50',
      `/api/admin/bookings/list?limit=50&cursor=${half}`,
      '/api/reservations?limit=50',
      `/api/reservations?limit=50&cursor=${half}`,
    ];
    for (const path of paths) {
      const { median: ms, all } = await timed(path);
      console.log(
        `GET ${path.replace(half, '<half a year in>')}: median ${ms.toFixed(1)} ms of ${all.length} (min ${Math.min(...all).toFixed(1)}, max ${Math.max(...all).toFixed(1)})`,
      );
      expect(ms).toBeLessThan(50);
    }
    const page = (await (await staffFetch('/api/admin/bookings/list?limit=50')).json()) as BookingsView;
    expect(page.entries).toHaveLength(50);
    expect(page.nextCursor).toEqual(expect.any(String));
    // For comparison: SPEC's unpaged list, every reservation in one answer.
    const started = performance.now();
    const whole = await (await staffFetch('/api/reservations')).text();
    console.log(
      `GET /api/reservations (unpaged, SPEC): ${(performance.now() - started).toFixed(0)} ms, ${(whole.length / 1e6).toFixed(1)} MB`,
    );
    expect((JSON.parse(whole) as unknown[]).length).toBe(TOTAL);
  });
});

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

describe.each(SIZES)('the List View at $width×$height with 15,000 reservations', ({ width, height }) => {
  it('shows its first row within a second, under 5,000 elements; loads more on scroll under sticky day headings, never more than 300 rows', async () => {
    const { context, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height });
    await openSection(page, 'Reservations');
    await openView(page, "Today's Reservations");

    // Timed in the page: from just before choosing the view to the first frame with a row in the viewport.
    await page.evaluate(() => {
      const w = window as unknown as { firstRowAt: Promise<number>; openedAt: number };
      w.openedAt = performance.now();
      w.firstRowAt = new Promise((resolve) => {
        const tick = () => {
          const row = document.querySelector('.list-day .booking-table tbody tr');
          const box = row?.getBoundingClientRect();
          if (box && box.height > 0 && box.top < window.innerHeight && box.bottom > 0) resolve(performance.now());
          else requestAnimationFrame(tick);
        };
        tick();
      });
    });
    const wall = performance.now();
    await openView(page, 'List View');
    const firstRowMs = await page.evaluate(async () => {
      const w = window as unknown as { firstRowAt: Promise<number>; openedAt: number };
      return (await w.firstRowAt) - w.openedAt;
    });
    console.log(
      `${width}×${height}: first row visible ${firstRowMs.toFixed(0)} ms after choosing List View (${(performance.now() - wall).toFixed(0)} ms as the test saw it)`,
    );
    expect(firstRowMs).toBeLessThan(1000);

    const first = page.locator('.list-day').first();
    expect(await first.getAttribute('data-date')).toBe(firstDay);
    expect(await first.locator('.booking-table tbody tr').first().textContent()).toContain('Guest');
    await page.waitForTimeout(500);
    const elements = await page.evaluate(() => document.querySelectorAll('*').length);
    const rows = () => page.locator('.list-day .booking-table tbody tr').count();
    console.log(`${width}×${height}: ${elements} elements, ${await rows()} rows after opening`);
    expect(elements).toBeLessThan(5000);
    await picture(page, { path: join(SCREENSHOTS, `list-scale-${width}x${height}.png`) });

    // Times stay on one line: '10:00 PM', never '10:00' over 'PM'.
    const wrapped = await page.evaluate(
      () =>
        [...document.querySelectorAll('.list-day td[data-label="Time"]')].filter((td) => {
          // The time's own text: one box when on one line, two when 'PM' went to the next.
          const text = [...td.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && /[AP]M$/.test(n.textContent ?? ''));
          if (!text) return true;
          const range = document.createRange();
          range.selectNodeContents(text);
          return range.getClientRects().length !== 1;
        }).length,
    );
    expect(wrapped).toBe(0);
    // The widest times were among them ('10:00 PM' on a Saturday, '12:00 PM' on a Sunday): any weekday's first page.
    expect(await page.locator('.list-day td[data-label="Time"]', { hasText: /\b1[0-2]:\d\d [AP]M/ }).count()).toBeGreaterThan(0);

    // Scrolling to the end loads the next page; far down, the first pages are let go.
    let most = 0;
    for (let i = 0; i < 10; i++) {
      const before = await page.locator('.list-day').last().getAttribute('data-date');
      await page.locator('.list-more').scrollIntoViewIfNeeded();
      await page.waitForFunction((date) => document.querySelector('.list-day:last-of-type')?.getAttribute('data-date') !== date, before, {
        timeout: 10_000,
      });
      most = Math.max(most, await rows());
    }
    console.log(`${width}×${height}: at most ${most} rows on the page after 10 more pages`);
    expect(most).toBeLessThanOrEqual(300);
    await page.getByText('Earlier bookings are put away to keep the list quick.').waitFor();

    // The day being read keeps its heading at the top of the screen.
    await page.evaluate(() => window.scrollBy(0, -window.innerHeight * 1.5));
    await page.waitForTimeout(200);
    const stuck = await page.evaluate(() =>
      [...document.querySelectorAll('.list-day-header')].some((h) => {
        const top = h.getBoundingClientRect().top;
        const section = h.parentElement!.getBoundingClientRect();
        return Math.abs(top) < 2 && section.top < -50;
      }),
    );
    expect(stuck).toBe(true);
    await picture(page, { path: join(SCREENSHOTS, `list-scale-scrolled-${width}x${height}.png`) });
    if (isNarrow(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await context.close();
  });
});
