import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { cafeClockAt } from './support/test-clock';
import { inViewport, pageFetch, signInAsStaff } from './support/staff';
import { chipOn, isNarrow, openSection, openView, SCREENSHOTS, usDate } from './support/dashboard';
import { approveParty } from './support/bookings';
import { settled } from './support/settled';
import { picture } from './support/picture';

/**
 * The staff side in one hand (issue 27): the brand instead of Blueprint's blue, a denied user who can
 * sign out and in as someone else, the History in words, Party and Table told apart beyond colour, the
 * week's chips with the party size, and the operators' tools apart from the everyday sections.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
const BRICK = 'rgb(166, 61, 38)';
const BRICK_DARK = 'rgb(138, 49, 30)';

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

const SIZES = [
  { width: 1440, height: 900, label: 'desktop' },
  { width: 390, height: 844, label: 'phone' },
] as const;

async function look(page: Page, what: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await settled(page);
  await picture(page, { path: join(SCREENSHOTS, `look-staff-${what}-${width}x${height}.png`) });
}

/** WCAG contrast of two computed 'rgb(r, g, b)' colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => {
        const s = Number(v) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const style = (l: Locator, prop: string) => l.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
/** The colour behind an element: the first ancestor with an opaque background. */
const backdrop = (l: Locator) =>
  l.evaluate((el) => {
    for (let n: Element | null = el; n; n = n.parentElement) {
      const bg = getComputedStyle(n).backgroundColor;
      // Opaque only: 'rgb(…)'; a tint ('rgba(…, 0.1)') lets its parent's colour through.
      if (bg.startsWith('rgb(')) return bg;
    }
    return 'rgb(255, 255, 255)';
  });

/** Elements painted in Blueprint's blues (#2d72d2, #215db0, #184a90, #4c90f0, #8abbff), by tag and class. */
const blueIn = (page: Page) =>
  page.evaluate(() => {
    const BLUES = /\b(45, 114, 210|33, 93, 176|24, 74, 144|76, 144, 240|138, 187, 255)\b/;
    const props = [
      'color',
      'background-color',
      'border-top-color',
      'border-bottom-color',
      'border-left-color',
      'box-shadow',
      'outline-color',
      'fill',
      'stroke',
    ];
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden') continue;
      for (const p of props) {
        const v = cs.getPropertyValue(p);
        if (BLUES.test(v)) found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${p}: ${v}`);
      }
    }
    return found.slice(0, 10);
  });

describe.each(SIZES)('the staff side at $width×$height', ({ width, height, label }) => {
  const viewport = { width, height };
  let staff: BrowserContext;
  let page: Page;
  const party = `Petra Party ${label}`;
  const table = `Tomas Table ${label}`;
  let partyId = '';

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    // A party request and a table reservation for today, as the public forms post them.
    const p = await pageFetch<{ id: string; version: number }>(page, 'POST', '/api/party-bookings', {
      name: party,
      email: `petra.${label}@example.com`,
      phone: '(414) 555-0199',
      eventType: 'birthday',
      partySize: 12,
      date: today,
      time: '19:00',
    });
    expect(p.status).toBe(201);
    partyId = p.json.id;
    await approveParty(page, p.json.id, p.json.version);
    const r = await pageFetch(page, 'POST', '/api/reservations', {
      name: table,
      email: `tomas.${label}@example.com`,
      phone: '(414) 555-0142',
      date: today,
      time: '18:00',
      partySize: 4,
    });
    expect(r.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await staff?.close();
  });

  it("the brand, not Blueprint's blue: selected tab, switches and checkboxes in brick with their contrast", async () => {
    await page.goto(`${server.url}/admin?section=gallery`);
    const sw = page.locator('.bp6-switch', { has: page.locator('input:checked') }).first();
    await sw.waitFor();
    if (!isNarrow(page)) {
      const tab = page.getByRole('tab', { name: 'Gallery' });
      expect(await style(tab, 'color')).toBe(BRICK_DARK);
      expect(contrast(await style(tab, 'color'), await backdrop(tab))).toBeGreaterThanOrEqual(4.5);
      const underline = page.locator('.admin-tabs .bp6-tab-indicator');
      expect(await style(underline, 'background-color')).toBe(BRICK);
      expect(await inViewport(page, '.admin-tabs .bp6-tab-indicator')).toBe(true);
    }
    await sw.scrollIntoViewIfNeeded();
    const swIndicator = sw.locator('.bp6-control-indicator');
    expect(await style(swIndicator, 'background-color')).toBe(BRICK);
    expect(contrast(await style(swIndicator, 'background-color'), await backdrop(sw))).toBeGreaterThanOrEqual(3);
    await look(page, 'tabs-switch');

    await openSection(page, 'Business Info');
    const closed = page.getByRole('checkbox', { name: 'Closed' }).first();
    await closed.waitFor();
    const box = closed.locator('xpath=..'); // Blueprint's <label class="bp6-checkbox"> around the input
    await box.scrollIntoViewIfNeeded();
    const wasChecked = await closed.isChecked();
    if (!wasChecked) await box.click(); // not saved: only to see a checked box
    await page.mouse.move(1, 1); // the hover colour is darker: read the resting one
    const boxIndicator = box.locator('.bp6-control-indicator');
    // Chromium drops the hover state at its next frame, not with the move itself.
    await expect.poll(() => style(boxIndicator, 'background-color')).toBe(BRICK);
    expect(contrast(await style(boxIndicator, 'background-color'), await backdrop(box))).toBeGreaterThanOrEqual(3);
    expect(await inViewport(page, '.bp6-checkbox input:checked ~ .bp6-control-indicator')).toBe(true);
    await look(page, 'tabs-checkbox');
    if (!wasChecked) await box.click();
  });

  it("no section paints Blueprint's default blue (text, fills, borders, rings, icons), a date picker's selected day included", async () => {
    const sections = ['reservations', 'parties', 'blocked-dates', 'menu', 'games', 'events', 'open-tables', 'gallery'];
    for (const id of [...sections, 'business-info', 'admin-access', 'reports', 'system']) {
      await page.goto(`${server.url}/admin?section=${id}`);
      await page.locator(`#admin-panel-${id} h2`).first().waitFor();
      await page.locator(`#admin-panel-${id} .bp6-spinner`).first().waitFor({ state: 'detached' });
      expect(await blueIn(page), id).toEqual([]);
    }
    // The selected day of a date picker (Blocked Dates' date field, typed then opened).
    await page.goto(`${server.url}/admin?section=blocked-dates`);
    await page.getByRole('button', { name: 'Block Date' }).click();
    const date = page.getByRole('form', { name: 'Block a date' }).locator('#block-date');
    await date.click();
    await date.fill(usDate(today));
    const selected = page.locator('.bp6-datepicker .rdp-day_selected, .bp6-datepicker [aria-selected="true"]').first();
    await selected.waitFor();
    expect(await style(selected, 'background-color')).toBe(BRICK);
    expect(await blueIn(page)).toEqual([]);
    await look(page, 'date-picker');
    await page.keyboard.press('Escape');
  });

  it('History reads "Pending → Approved" after approving a party', async () => {
    await page.goto(`${server.url}/admin?section=reservations`);
    await openView(page, "Today's Reservations");
    await page.locator('.booking-table tr', { hasText: party }).getByText(party).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Party Booking' });
    await dialog.getByRole('tab', { name: 'History' }).click();
    const decision = dialog.locator('li.booking-history-entry', { hasText: 'Party booking approved' }).last();
    await decision.waitFor();
    expect(await decision.textContent()).toContain('Status: Pending → Approved');
    expect(await decision.textContent()).not.toContain('"');
    const request = dialog.locator('li.booking-history-entry', { hasText: 'Party booking requested' });
    expect(await request.textContent()).toContain('Party size: 12 guests');
    expect(await inViewport(page, 'li.booking-history-entry:has-text("Party booking approved")')).toBe(true);
    await look(page, 'history');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(partyId).not.toBe('');
  });

  it('Today tells a party from a table by a word and an icon, not colour alone', async () => {
    await openView(page, "Today's Reservations");
    const partyRow = page.locator('.booking-table tr', { hasText: party });
    const tableRow = page.locator('.booking-table tr', { hasText: table });
    await partyRow.waitFor();
    for (const [row, word] of [
      [partyRow, 'Party'],
      [tableRow, 'Table'],
    ] as const) {
      const kind = row.locator('.booking-kind');
      expect(await kind.textContent()).toBe(word);
      expect(await kind.locator('svg').count()).toBe(1);
      await kind.scrollIntoViewIfNeeded();
      expect(await kind.isVisible()).toBe(true);
    }
    // Both kinds in one look: on a phone the reservation's card at the top, a party's card under it.
    await tableRow.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await look(page, 'today');
  });

  it('Week: each chip shows its size and Party or Table, at both sizes', async () => {
    await openView(page, 'Week View');
    const partyChip = chipOn(page, today, party);
    const tableChip = chipOn(page, today, table);
    await partyChip.waitFor();
    expect(await partyChip.locator('.booking-chip-size').textContent()).toBe('12 guests');
    expect(await partyChip.locator('.booking-kind').textContent()).toBe('Party');
    expect(await tableChip.locator('.booking-chip-size').textContent()).toBe('4 people');
    expect(await tableChip.locator('.booking-kind').textContent()).toBe('Table');
    // Screen readers keep the chip's name as before.
    expect(await tableChip.getAttribute('aria-label')).toBe(`${table}, 4 people, 6:00 PM`);
    for (const chip of [partyChip, tableChip]) {
      await chip.scrollIntoViewIfNeeded();
      const box = (await chip.locator('.booking-chip-size').boundingBox())!;
      expect(box.width).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await look(page, 'week');
    await openView(page, 'Month View');
    const monthChip = chipOn(page, today, party);
    await monthChip.waitFor();
    expect(await monthChip.locator('.booking-kind').textContent()).toBe('Party');
  });

  it("the operators' tools sit apart, after the everyday sections, and every admin reaches them", async () => {
    await page.goto(`${server.url}/admin?section=reservations`);
    if (isNarrow(page)) {
      const groups = await page
        .getByLabel('Dashboard section')
        .evaluate((el) =>
          [...el.querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.value)]),
        );
      expect(groups).toEqual([['Operators', ['system']]]);
      await page.getByLabel('Dashboard section').selectOption('system');
    } else {
      const tabs = page.getByRole('tab');
      const last = tabs.last();
      expect(await last.textContent()).toBe('OperatorsSystem');
      // Apart: after a line, with the widest gap of the row before it, or on a row of its own where the
      // sections wrap (they wrap rather than widen the page).
      const before = (await tabs.nth((await tabs.count()) - 2).boundingBox())!;
      const ops = (await last.boundingBox())!;
      if (ops.y < before.y + before.height) expect(ops.x - (before.x + before.width)).toBeGreaterThan(24);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await inViewport(page, '.admin-tab-operators')).toBe(true);
      await page.getByRole('tab', { name: 'System' }).click();
    }
    await page.locator('#admin-panel-system h2', { hasText: 'System' }).waitFor();
    await page.getByText('For operators:').waitFor();
    await look(page, 'operators');
  });
});

describe.each(SIZES)('a denied user switching accounts at $width×$height', ({ width, height, label }) => {
  it('signs out from the denied screen, signs in as a whitelisted one and lands on /admin', async () => {
    const context = await chromium.browser.newContext({ viewport: { width, height } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/login`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(`stranger.${label}@example.com`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/admin/login?error=access_denied`);
      await page.getByText('Access denied. Your email is not authorized for admin access.').waitFor();
      await page.getByText(`stranger.${label}@example.com`).waitFor();
      const signOut = page.getByRole('button', { name: 'Sign out' });
      await signOut.waitFor();
      expect(await inViewport(page, 'button:has-text("Sign out")')).toBe(true);
      await look(page, 'denied');

      await signOut.click();
      const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
      await signIn.waitFor();
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
      await signIn.click();
      // The provider still knows the stranger; it asks again and ends that session on the way.
      await page.getByLabel('Email').fill(OWNER);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/admin`);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await page.getByText('Sign-in error').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
