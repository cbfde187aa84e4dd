import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, REPORT_ORDER_MESSAGE, slotsFor, todayIn, weekdayOf } from '@cafe/contracts';
import { axeViolations, WCAG_TAGS, type AxeViolation } from './support/axe';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, WEB_DIR, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { SCREENSHOTS, downloadText, fillDate, isNarrow, openSection } from './support/dashboard';
import { picture } from './support/picture';

/**
 * The Reports section in a real browser at 1440×900 and 390×844, on a known history made through the
 * API: each chart's CSV, downloaded from its button, equals the figures this test computes from what it
 * booked; no axe violations; the chart library loads only with the section.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
const to = addDays(today, 20);

let server: RunningServer;
let chromium: LaunchedBrowser;

interface Seeded {
  kind: 'reservation' | 'party';
  date: string;
  time: string;
  size: number;
  decision?: 'approved' | 'rejected';
  noShow?: boolean;
}
const seeded: Seeded[] = [];
const events = [
  { title: 'Catan night', event_date: addDays(today, 6), max_attendees: 24 },
  { title: 'Open play', event_date: addDays(today, 9) },
];

/** The next open days from `from` on, with their slots (the café's default hours: no demo data here). */
function openDays(from: number, count: number): { date: string; slots: string[] }[] {
  const out = [];
  for (let i = from; out.length < count; i++) {
    const date = addDays(today, i);
    const slots = slotsFor(date);
    if (slots.length >= 4) out.push({ date, slots });
  }
  return out;
}

async function seed(page: Page) {
  const days = openDays(2, 6);
  const sizes = [2, 4, 3, 6, 5, 2, 7, 1];
  let n = 0;
  for (const [i, { date, slots }] of days.entries()) {
    for (const time of [slots[0]!, slots[Math.min(3, slots.length - 1)]!].slice(0, i % 2 ? 2 : 1)) {
      const size = sizes[n++ % sizes.length]!;
      const res = await pageFetch(page, 'POST', '/api/admin/reservations', {
        name: `Report Guest ${n}`,
        email: `report${n}@example.com`,
        phone: '(262) 555-0150',
        partySize: size,
        date,
        time,
      });
      expect(res.status).toBe(201);
      seeded.push({ kind: 'reservation', date, time, size });
    }
  }
  const parties: [number, number, 'approved' | 'rejected' | undefined][] = [
    [1, 12, 'approved'],
    [3, 10, 'rejected'],
    [5, 8, undefined],
  ];
  for (const [d, size, decision] of parties) {
    const { date, slots } = days[d]!;
    const time = slots[1]!;
    const res = await pageFetch<{ id: string }>(page, 'POST', '/api/party-bookings', {
      name: `Report Party ${d}`,
      email: `party${d}@example.com`,
      phone: '(262) 555-0160',
      eventType: 'birthday',
      partySize: size,
      date,
      time,
    });
    expect(res.status).toBe(201);
    if (decision)
      expect((await pageFetch(page, 'PATCH', `/api/party-bookings/${res.json.id}/approve`, { status: decision })).status).toBe(200);
    seeded.push({ kind: 'party', date, time, size, ...(decision ? { decision } : {}) });
  }
  for (const e of events) expect((await pageFetch(page, 'POST', '/api/admin/events', e)).status).toBe(201);

  // A booking today at a slot still ahead, marked no-show (the mark is allowed from the booking's day on), when today has one.
  const nowMinutes = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date())
      .replace(':', ''),
  );
  const later = slotsFor(today).find((s) => Number(s.replace(':', '')) > nowMinutes + 30);
  if (later) {
    const res = await pageFetch<{ id: string }>(page, 'POST', '/api/admin/reservations', {
      name: 'Nora No-show',
      email: 'nora@example.com',
      phone: '(262) 555-0170',
      partySize: 3,
      date: today,
      time: later,
    });
    expect(res.status).toBe(201);
    expect((await pageFetch(page, 'PATCH', `/api/admin/reservations/${res.json.id}/arrival`, { status: 'no-show' })).status).toBe(200);
    seeded.push({ kind: 'reservation', date: today, time: later, size: 3, noShow: true });
  }
}

/** The CSVs the seeded history must give, computed here from `seeded` alone. */
function expectedCsv(): Record<string, string> {
  const csv = (rows: (string | number)[][]) => rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
  const dates: string[] = [];
  for (let d = today; d <= to; d = addDays(d, 1)) dates.push(d);
  const seated = seeded.filter((s) => s.kind === 'reservation' || s.decision === 'approved');
  const sum = (list: Seeded[]) => list.reduce((n, s) => n + s.size, 0);
  const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const dow = (d: string) => weekdayOf(d) % 7;
  const hours = seated.map((s) => Number(s.time.slice(0, 2)));
  const hourRows = [];
  for (let h = Math.min(...hours); h <= Math.max(...hours); h++) {
    hourRows.push([`${String(h).padStart(2, '0')}:00`, sum(seated.filter((s) => Number(s.time.slice(0, 2)) === h)), 0]);
  }
  const parties = seeded.filter((s) => s.kind === 'party');
  const approved = parties.filter((p) => p.decision === 'approved').length;
  const rejected = parties.filter((p) => p.decision === 'rejected').length;
  const pct = (a: number, b: number) => (b ? String(Math.round((a / b) * 1000) / 10) : '');
  const lead = parties.map((p) => (Date.parse(p.date) - Date.parse(today)) / 86_400_000);
  const inBucket = (min: number, max: number) => lead.filter((l) => l >= min && l <= max).length;
  const past = seated.filter((s) => s.date <= today);
  const noShows = past.filter((s) => s.noShow).length;
  return {
    // No sign-ups here: the event guests are 0 (day-sheet.e2e.test.ts has a game night's).
    'covers-by-weekday': csv([
      ['weekday', 'days', 'covers', 'event_guests'],
      ...names.map((w, i) => [w, dates.filter((d) => dow(d) === i).length, sum(seated.filter((s) => dow(s.date) === i)), 0]),
    ]),
    'covers-by-hour': csv([['hour', 'covers', 'event_guests'], ...hourRows]),
    'bookings-made': csv([
      ['date', 'reservations', 'parties', 'total'],
      ...dates.map((d) => {
        const r = d === today ? seeded.filter((s) => s.kind === 'reservation').length : 0;
        const p = d === today ? parties.length : 0;
        return [d, r, p, r + p];
      }),
    ]),
    'no-shows': csv([
      ['date', 'bookings', 'no_shows', 'no_show_percent'],
      ...(past.length ? [[today, past.length, noShows, pct(noShows, past.length)]] : []),
      ['total', past.length, noShows, pct(noShows, past.length)],
    ]),
    'party-approvals': csv([
      ['requested', 'approved', 'rejected', 'pending', 'cancelled', 'approval_percent'],
      [parties.length, approved, rejected, parties.length - approved - rejected, 0, pct(approved, approved + rejected)],
    ]),
    'party-lead-time': csv([
      ['lead_time', 'parties'],
      ['0-6 days', inBucket(0, 6)],
      ['7-13 days', inBucket(7, 13)],
      ['14-29 days', inBucket(14, 29)],
      ['30-59 days', inBucket(30, 59)],
      ['60+ days', inBucket(60, Infinity)],
    ]),
    'event-fill': csv([
      ['date', 'event', 'max_attendees', 'sign_ups', 'fill_percent'],
      ...[...events]
        .sort((a, b) => a.event_date.localeCompare(b.event_date))
        .map((e) => [e.event_date, e.title, e.max_attendees ?? '', 0, e.max_attendees ? 0 : '']),
    ]),
    // No floor and no waitlist here: the header alone, and every figure zero or blank.
    'table-use': csv([['area', 'table', 'seated_minutes', 'open_minutes', 'use_percent']]),
    waitlists: csv([
      ['figure', 'value'],
      ...['offers_made', 'offers_taken'].map((f) => [f, 0]),
      ['offers_taken_percent', ''],
      ...['parties', 'seated', 'walked_away'].map((f) => [`door_queue_${f}`, 0]),
      ['door_queue_walked_away_percent', ''],
      ...['wait', 'quoted', 'over_quote'].flatMap((f) => ['average', 'median'].map((m) => [`door_queue_${f}_${m}_minutes`, ''])),
    ]),
  };
}

const TITLES: Record<string, string> = {
  'covers-by-weekday': 'Covers per weekday',
  'covers-by-hour': 'Covers per hour',
  'bookings-made': 'Bookings made per day',
  'no-shows': 'No-show rate',
  'party-approvals': 'Party approval rate',
  'party-lead-time': 'Party lead time',
  'event-fill': 'Event fill rate',
  'table-use': 'Table use',
  waitlists: 'Waitlists',
};

/**
 * axe on the Reports section (the section this test owns); what the rest of the page has is printed, so
 * a violation elsewhere (the dashboard's header) is seen without failing this section's test.
 */
async function axeOnReports(page: Page): Promise<AxeViolation[]> {
  const elsewhere = await axeViolations(page);
  if (elsewhere.length) console.warn('axe outside the Reports section:', JSON.stringify(elsewhere));
  return page.evaluate(async (tags) => {
    interface Result {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<Result> } }).axe;
    const results = await axe.run('.reports-section', { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`.slice(0, 400)),
    }));
  }, WCAG_TAGS);
}

/** Built chunks that hold the chart library (recharts' own class names are in its code). */
function chartChunks(): string[] {
  const dir = join(WEB_DIR, 'dist', 'assets');
  return readdirSync(dir).filter((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes('recharts-bar-rectangle'));
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
])('Reports at $width×$height', (viewport) => {
  let staff: BrowserContext;
  let page: Page;
  const scripts: string[] = [];

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    if (seeded.length === 0) await seed(page);
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.split('/').pop()!);
    });
  }, 120_000);
  afterAll(async () => {
    await staff?.close();
  });

  it('keeps the chart library out of the landing page: it loads with the Reports section', async () => {
    const chunks = chartChunks();
    expect(chunks.length).toBeGreaterThan(0);
    const visitor = await chromium.browser.newContext({ viewport });
    const landing = await visitor.newPage();
    const landingScripts: string[] = [];
    landing.on('request', (r) => {
      if (r.resourceType() === 'script') landingScripts.push(new URL(r.url()).pathname.split('/').pop()!);
    });
    await landing.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    expect(landingScripts.length).toBeGreaterThan(0);
    expect(landingScripts.filter((s) => chunks.includes(s))).toEqual([]);
    await visitor.close();

    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(scripts.filter((s) => chunks.includes(s))).toEqual([]);
    await openSection(page, 'Reports');
    await page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor();
    expect(scripts.filter((s) => chunks.includes(s)).length).toBeGreaterThan(0);
  });

  it("draws every chart for the chosen range, and each chart's CSV holds exactly the seeded figures", async () => {
    await fillDate(page, page.locator('#report-from'), today);
    await fillDate(page, page.locator('#report-to'), to);
    await page
      .getByText(
        `${seeded.filter((s) => s.kind === 'reservation' || s.decision === 'approved').reduce((n, s) => n + s.size, 0)} people booked`,
      )
      .waitFor();
    const expected = expectedCsv();
    for (const [chart, title] of Object.entries(TITLES)) {
      const card = page.getByRole('region', { name: title });
      await card.scrollIntoViewIfNeeded();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: `Download ${title} as CSV` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${chart}-${today}-to-${to}.csv`);
      expect(await downloadText(download), chart).toBe(expected[chart]);
    }
    // Charts with data are drawn: the bars are in the page and visible.
    for (const title of ['Covers per weekday', 'Covers per hour', 'Bookings made per day', 'Party approval rate', 'Party lead time']) {
      const card = page.getByRole('region', { name: title });
      await card.scrollIntoViewIfNeeded();
      await card.locator('.recharts-bar-rectangle path').first().waitFor({ state: 'visible' });
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    await page.getByText('No sign-ups recorded').first().waitFor();
    // The export of the range's bookings is a CSV download too.
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export bookings (CSV)' }).click()]);
    const lines = (await downloadText(all)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,time,kind,status,party_size,name,email,phone,event_type,special_requests,admin_notes,created_at');
    expect(lines).toHaveLength(1 + seeded.length);

    await page.evaluate(() => window.scrollTo(0, 0));
    await picture(page, { path: join(SCREENSHOTS, `reports-${viewport.width}x${viewport.height}.png`), fullPage: true });
  });

  it('has no axe violations in the Reports section, with the figures tables open too', async () => {
    expect(await axeOnReports(page)).toEqual([]);
    await page.getByRole('region', { name: 'Covers per hour' }).getByText('The figures').click();
    expect(await axeOnReports(page)).toEqual([]);
    if (isNarrow(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });

  it('an invalid range shows its error and no spinner (nothing is loading)', async () => {
    // A fresh Reports section whose first figures have not arrived yet: no earlier charts stand in.
    await page.route('**/api/admin/reports?*', () => undefined);
    await page.reload();
    await openSection(page, 'Reports');
    await page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor();
    await page.getByLabel('Loading reports').waitFor();
    await fillDate(page, page.locator('#report-from'), to);
    await fillDate(page, page.locator('#report-to'), today);
    const problem = page.locator('#report-range-problem');
    await problem.getByText(REPORT_ORDER_MESSAGE).waitFor();
    expect(await problem.isVisible()).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.getByLabel('Loading reports').count()).toBe(0);
    expect(await page.locator('.reports-section .bp6-spinner').count()).toBe(0);
    await picture(page, { path: join(SCREENSHOTS, `reports-invalid-${viewport.width}x${viewport.height}.png`) });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
