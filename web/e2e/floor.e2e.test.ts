import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, slotsFor, tableUntilText, todayIn, type FloorOut } from '@cafe/contracts';
import { axeViolations } from './support/axe';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, fillDate, isNarrow, openSection, openView } from './support/dashboard';
import { manageLinkFromOutbox } from './support/outbox';
import { settled } from './support/settled';
import { picture } from './support/picture';
import { cafeClockAt } from './support/test-clock';

/**
 * Issue 48's floor in the browser, at 1440×900 and 390×844: staff draw a floor of 3 areas and 12 tables
 * (typing, clicking, dragging one table and moving another with the arrow keys); a guest books and the
 * booking shows its table (staff's list, the host's view, the guest's page); staff move it on the floor
 * view and History says "Table: 4 → 7"; a walk-in is seated in two taps; the timeline draws a
 * combined table's stay once.
 *
 * The café's clock starts at 5 PM on a day it seats guests into the evening, so 7 PM lies ahead and a
 * walk-in can be seated now.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const DAY = (() => {
  const today = todayIn(ZONE);
  for (let i = 0; i < 8; i++) {
    const day = addDays(today, i);
    if (['17:00', '18:00', '19:00', '20:00'].every((t) => slotsFor(day).includes(t))) return day;
  }
  throw new Error('no day in the next week the café seats guests from 5 to 8 PM');
})();
const SHOTS = '/tmp/floor-shots';

/** Three areas, twelve tables: a couple online fits 4 and 7 (2 seats) first, 4 comes first on the floor. */
const AREAS = [
  {
    name: 'Main room',
    tables: [
      { min: 3, max: 4 },
      { min: 3, max: 4 },
      { min: 3, max: 4 },
      { min: 1, max: 2 },
    ],
  },
  {
    name: 'Back room',
    tables: [
      { min: 2, max: 4, shape: 'round' },
      { min: 2, max: 4, shape: 'round' },
      { min: 1, max: 2 },
      { min: 1, max: 2, walkInOnly: true },
    ],
  },
  {
    name: 'Patio',
    tables: [
      { min: 3, max: 6, shape: 'long' },
      { min: 3, max: 6, shape: 'long' },
      { min: 3, max: 6 },
      { min: 3, max: 6 },
    ],
  },
] as const;

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

let chromium: LaunchedBrowser;

beforeAll(async () => {
  chromium = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await chromium?.close();
});

const shot = async (page: Page, name: string, fullPage = false) => {
  const { width, height } = page.viewportSize()!;
  await settled(page);
  await picture(page, { path: join(SHOTS, `floor-${name}-${width}x${height}.png`), fullPage });
};

/** The dashboard's Floor (its own tabs, Host view and Edit floor, also name the floor). */
async function openFloor(page: Page): Promise<void> {
  if (isNarrow(page)) await openSection(page, 'Floor');
  else await page.getByRole('tab', { name: 'Floor', exact: true }).click();
}

/** The host's view at a time of DAY ('' = now). */
async function hostViewAt(page: Page, time: string): Promise<void> {
  await page.getByRole('tab', { name: 'Host view' }).click();
  if (time) await page.getByLabel('Time', { exact: true }).fill(time);
  else if (await page.getByRole('button', { name: 'Now', exact: true }).isEnabled())
    await page.getByRole('button', { name: 'Now', exact: true }).click();
  await page.locator('.host-view .bp6-spinner').waitFor({ state: 'detached' });
}

/** A table on the host's view: the plan's on a wide screen, the list's on a phone. */
const hostTable = (page: Page, name: string) => page.locator(`.host-floor [data-table="${name}"]`);

/** Where the selected table's moves show: beside the plan, or in a dialog on a phone. */
const panelOf = (page: Page) => (isNarrow(page) ? page.getByRole('dialog') : page.locator('.host-panel'));

describe.each(SIZES)('the floor at $width×$height', (size) => {
  let server: RunningServer;
  let staff: Page;
  let guestId = '';

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE, SEED_DEMO: 'false', ...cafeClockAt(DAY, '17:00', ZONE) });
    staff = (await signInAsStaff(chromium.browser, server.url, OWNER, size)).page;
  }, 180_000);

  afterAll(async () => {
    await staff?.context().close();
    await server?.stop();
  });

  it('staff draw a floor of 3 areas and 12 tables, arranging the plan by dragging and with the arrow keys', async () => {
    await openFloor(staff);
    await staff.getByRole('tab', { name: 'Edit floor' }).click();
    for (const [a, area] of AREAS.entries()) {
      await staff.getByRole('button', { name: 'Add area' }).click();
      const card = staff.locator(`[data-area-index="${a}"]`);
      await card.getByLabel('Area name').fill(area.name);
      for (const [t, table] of area.tables.entries()) {
        await card.getByRole('button', { name: 'Add table' }).click();
        const row = card.locator(`[data-table-row="${a}-${t}"]`);
        await row.getByLabel('Min seats').fill(String(table.min));
        await row.getByLabel('Max seats').fill(String(table.max));
        if ('shape' in table) await row.getByLabel('Shape').selectOption(table.shape);
        if ('walkInOnly' in table) await row.getByText('Online', { exact: true }).click();
      }
    }
    // A mistake first: its message shows at the field, and nothing is saved.
    const first = staff.locator('[data-table-row="0-0"]');
    await first.getByLabel('Min seats').fill('5');
    await staff.getByRole('button', { name: 'Save floor' }).click();
    await first.getByText('A table’s minimum seats cannot be more than its maximum').waitFor();
    await first.getByLabel('Min seats').fill('3');

    await staff.getByRole('button', { name: 'Add combination' }).click();
    const combo = staff.locator('[data-combination-row="0"]');
    await combo.getByLabel('Tables').fill('11 + 12');
    await combo.getByLabel('Min seats').fill('8');
    await combo.getByLabel('Max seats').fill('12');

    // The keyboard: table 4 two cells right, announced.
    const four = staff.locator('.floor-plan-edit [data-table="4"]');
    await four.focus();
    await staff.keyboard.press('ArrowRight');
    await staff.keyboard.press('ArrowRight');
    await staff.keyboard.press('ArrowDown');
    await staff.getByRole('status').filter({ hasText: 'Table 4 at column 22, row 3.' }).waitFor();
    // The pointer: table 1 dragged three cells right and two down.
    const one = staff.locator('.floor-plan-edit [data-table="1"]');
    await one.scrollIntoViewIfNeeded();
    const box = (await one.boundingBox())!;
    await staff.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await staff.mouse.down();
    await staff.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 4 });
    await staff.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 4 });
    await staff.mouse.up();
    await staff.getByRole('status').filter({ hasText: 'Table 1 at column 5, row 4.' }).waitFor();
    expect(await one.textContent()).toContain('at column 5, row 4');
    await shot(staff, 'editor', true);

    await staff.getByRole('button', { name: 'Save floor' }).click();
    await expectToast(staff, 'Floor saved');
    expect(await axeViolations(staff)).toEqual([]);
    const floor = (await pageFetch<FloorOut>(staff, 'GET', '/api/admin/floor')).json;
    expect(floor.areas.map((a) => a.name)).toEqual(AREAS.map((a) => a.name));
    expect(floor.areas.flatMap((a) => a.tables.map((t) => t.name))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    const tables = floor.areas.flatMap((a) => a.tables);
    expect(tables.find((t) => t.name === '1')).toMatchObject({ x: 4, y: 3 });
    expect(tables.find((t) => t.name === '4')).toMatchObject({ x: 21, y: 2, minSeats: 1, maxSeats: 2, online: true });
    expect(tables.find((t) => t.name === '8')).toMatchObject({ online: false });
    expect(floor.combinations).toEqual([{ tables: ['11', '12'], minSeats: 8, maxSeats: 12 }]);
  });

  it('a guest books and the booking shows its table: to staff and on the guest’s page', async () => {
    const guest = await chromium.browser.newPage({ viewport: size });
    await guest.goto(server.url);
    const email = `ada-${size.width}@example.com`;
    await guest
      .getByRole('banner')
      .getByRole('button', { name: isNarrow(guest) ? 'Reserve' : 'Reserve Table', exact: true })
      .click();
    await guest.locator('#reservation-date').waitFor();
    await guest.locator('#reservation-name').fill('Ada Lovelace');
    await guest.locator('#reservation-email').fill(email);
    await guest.locator('#reservation-phone').pressSequentially('4145550142');
    await guest.locator('#reservation-size').selectOption('2');
    await fillDate(guest, guest.locator('#reservation-date'), DAY);
    await guest.locator('#reservation-time').selectOption('19:00');
    await guest.getByRole('button', { name: 'Reserve Table' }).last().click();
    const confirmed = guest.getByRole('dialog', { name: 'Reservation Confirmed!' });
    await confirmed.getByText(`7:00 PM · ${tableUntilText('20:30')}`).waitFor();
    await shot(guest, 'guest-confirmed');
    await confirmed.getByRole('button', { name: 'Close' }).last().click();

    await guest.goto(await manageLinkFromOutbox(server.dataDir, email));
    await guest.getByText(tableUntilText('20:30')).waitFor();
    await shot(guest, 'guest-page', true);
    await guest.context().close();

    await openSection(staff, 'Reservations');
    await openView(staff, "Today's Reservations");
    const row = staff.locator('tr', { hasText: email });
    await row.getByText('Table 4', { exact: true }).waitFor();
    guestId = (await row.getAttribute('data-booking-id')) ?? '';
    await shot(staff, 'reservations');
  });

  it('staff move it on the floor view, and History says "Table: 4 → 7"', async () => {
    await openFloor(staff);
    await hostViewAt(staff, '19:00');
    await expect.poll(() => hostTable(staff, '4').textContent()).toContain('Ada Lovelace');
    await shot(staff, 'host-7pm');
    await hostTable(staff, '4').click();
    const panel = panelOf(staff);
    await panel.getByRole('button', { name: 'Move', exact: true }).first().waitFor();
    expect(await axeViolations(staff)).toEqual([]);
    await panel.getByRole('button', { name: 'Move', exact: true }).first().click();
    await staff.getByText('Moving Ada Lovelace (2 guests) from Table 4').waitFor();
    await shot(staff, 'moving');
    expect(await axeViolations(staff)).toEqual([]);
    // Another dashboard open on the same view sees the move by itself (live updates, no reload).
    const other = (await signInAsStaff(chromium.browser, server.url, OWNER, size)).page;
    await openFloor(other);
    await hostViewAt(other, '19:00');
    await expect.poll(() => hostTable(other, '4').textContent()).toContain('Ada Lovelace');
    await hostTable(staff, '7').click();
    await expectToast(staff, 'Moved to Table 7', 'Table: 4 → 7');
    await expect.poll(() => hostTable(other, '7').textContent(), { timeout: 10_000 }).toContain('Ada Lovelace');
    await other.context().close();
    await expect.poll(() => hostTable(staff, '7').textContent()).toContain('Ada Lovelace');
    expect(await hostTable(staff, '4').textContent()).not.toContain('Ada Lovelace');

    await openSection(staff, 'Reservations');
    await openView(staff, "Today's Reservations");
    await staff.locator(`tr[data-booking-id="${guestId}"]`).getByText('Table 7', { exact: true }).waitFor();
    await staff.getByRole('button', { name: "Edit Ada Lovelace's reservation" }).click();
    const dialog = staff.getByRole('dialog', { name: 'Edit Reservation' });
    await dialog.getByText('Table 7 until 8:30 PM', { exact: true }).waitFor();
    await dialog.getByRole('tab', { name: 'History' }).click();
    await dialog.getByText('Table: 4 → 7').waitFor();
    await shot(staff, 'history');
    await staff.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a walk-in is seated at a free table in two taps', async () => {
    await openFloor(staff);
    await hostViewAt(staff, '');
    await hostTable(staff, '1').click();
    await staff.getByRole('button', { name: 'Seat a walk-in of 3 guests at Table 1' }).click();
    await expectToast(staff, 'Walk-in of 3 seated at Table 1');
    await expect.poll(() => hostTable(staff, '1').getAttribute('data-status')).toBe('seated');
    expect(await hostTable(staff, '1').textContent()).toMatch(/seated until 7:\d\d PM/);
    if (isNarrow(staff)) {
      await staff.keyboard.press('Escape');
      await staff.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await shot(staff, 'host-now');
  });

  it('the timeline draws a combined table’s stay once, across both tables', async () => {
    const big = await pageFetch<{ id: string; tables?: string[] }>(staff, 'POST', '/api/admin/reservations', {
      name: 'Big Table Club',
      email: `club-${size.width}@example.com`,
      phone: '(414) 555-0199',
      date: DAY,
      time: '18:00',
      partySize: 10,
    });
    expect(big.status).toBe(201);
    expect(big.json.tables).toEqual(['11', '12']);
    await hostViewAt(staff, '18:30');
    const bars = staff.locator(`.timeline-stay[data-booking-id="${big.json.id}"]`);
    await bars.first().waitFor();
    expect(await bars.count()).toBe(1);
    expect(await bars.getAttribute('data-tables')).toBe('11+12');
    const rows = staff.locator('.timeline-labels li');
    const row = (await rows.first().boundingBox())!;
    const bar = (await bars.boundingBox())!;
    // One bar over the rows of 11 and 12.
    expect(bar.height).toBeGreaterThan(row.height * 1.5);
    for (const name of ['11', '12']) await expect.poll(() => hostTable(staff, name).textContent()).toContain('Big Table Club');
    await staff.locator('.stay-timeline').scrollIntoViewIfNeeded();
    await shot(staff, 'timeline');
    await shot(staff, 'host-full', true);
    expect(await axeViolations(staff)).toEqual([]);

    // The next party is here: seated from its table, the table says so.
    await hostTable(staff, '11').click();
    await panelOf(staff).getByRole('button', { name: 'Seat now' }).click();
    await expectToast(staff, 'Big Table Club seated at Tables 11 + 12');
    await expect.poll(() => hostTable(staff, '12').textContent()).toContain('seated until 8:30 PM');
  });
});
