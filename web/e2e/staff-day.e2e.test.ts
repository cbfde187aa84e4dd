import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { NO_EMAIL, NO_EMAIL_HINT, formatTime12, slotNow, slotsFor, todayIn, type WalkInOut } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { inViewport, pageFetch, signInAsStaff } from './support/staff';
import { SCREENSHOTS, expectToast, fillDate, isNarrow, openView } from './support/dashboard';
import { settled } from './support/settled';
import { picture } from './support/picture';

/**
 * A staff member's day at 1440×900 and 390×844: mark one reservation arrived and another no-show,
 * seat a walk-in from Today in three taps, and see the hour's covers change.
 *
 * Walk-ins are seated "now" in the café's zone, so the café's zone is chosen to make now an evening
 * hour it seats guests in (a whole-hour Etc zone where the local hour is 4 PM to 8 PM).
 */
const ZONE = (() => {
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const hour = Number(slotNow(zone).slice(0, 2));
    const slots = slotsFor(todayIn(zone));
    // A slot holding now (a walk-in's) and one after it (a booking's: a started time is not booked).
    if (hour >= 16 && hour <= 19 && slots.includes(slotNow(zone)) && slots.some((slot) => slot > slotNow(zone))) return zone;
  }
  throw new Error('no zone where the café seats guests now');
})();
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE });
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

const shot = async (page: Page, name: string) => {
  const { width, height } = page.viewportSize()!;
  await settled(page);
  await picture(page, { path: join(SCREENSHOTS, `${name}-${width}x${height}.png`), fullPage: false });
};

/** The covers figure of an hour on Today's strip, once it is in view. */
async function coversAt(page: Page, hour: number): Promise<number> {
  const cell = page.locator(`.today-tools .covers-hour[data-hour="${hour}"]`);
  await cell.scrollIntoViewIfNeeded();
  expect(await inViewport(page, `.today-tools .covers-hour[data-hour="${hour}"]`)).toBe(true);
  return Number(await cell.locator('.covers-figure').textContent());
}

describe.each(SIZES)('a staff member’s day at $width×$height', ({ width, height, label }) => {
  let staff: BrowserContext;
  let page: Page;
  const came = `Carla Came ${label}`;
  const missed = `Nico Noshow ${label}`;
  const now = slotNow(ZONE);
  const hour = Number(now.slice(0, 2));
  // The reservations are for the next slot when they are made: the one holding now has started, and a
  // started time is not booked.
  let soonHour = 0;

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height }));
    const soon = slotsFor(today).find((slot) => slot > slotNow(ZONE))!;
    soonHour = Number(soon.slice(0, 2));
    for (const [name, size] of [
      [came, 2],
      [missed, 5],
    ] as const) {
      const res = await pageFetch(page, 'POST', '/api/admin/reservations', {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${label}@example.com`,
        phone: '(262) 555-0142',
        partySize: size,
        date: today,
        time: soon,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    await page.reload();
    await openView(page, "Today's Reservations");
  });

  afterAll(async () => {
    await staff?.close();
  });

  const row = (name: string) => page.locator('.booking-table tr', { hasText: name });

  it('marks one reservation arrived and another no-show; the no-show gives its seats back', async () => {
    const before = await coversAt(page, soonHour);
    const arrive = page.getByRole('button', { name: `Mark ${came}'s reservation arrived` });
    await arrive.scrollIntoViewIfNeeded();
    await arrive.click();
    await row(came).locator('.arrival-tag', { hasText: 'Arrived' }).waitFor();
    expect(await inViewport(page, `.booking-table tr:has-text("${came}") .arrival-tag`)).toBe(true);
    // From arrived, the next step is offered in one tap.
    await row(came)
      .getByRole('button', { name: `Mark ${came}'s reservation seated` })
      .waitFor();

    await page.getByRole('button', { name: `Mark ${missed}'s reservation no-show` }).click();
    await row(missed).locator('.arrival-tag', { hasText: 'No-show' }).waitFor();
    await shot(page, `today-arrivals-${label}`);
    await expect.poll(() => coversAt(page, soonHour)).toBe(before - 5);

    // The booking's History shows the change.
    await row(came)
      .getByRole('button', { name: `Edit ${came}'s reservation` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'History' }).click();
    await dialog.getByText('Marked arrived').waitFor();
    await dialog.getByRole('tab', { name: 'Guest' }).click();
    await dialog.locator('.guest-record-counts').getByText('Visits').waitFor();
    expect(await dialog.locator('.guest-record-counts div', { hasText: 'Visits' }).locator('dd').textContent()).toBe('1');
    await shot(page, `guest-record-${label}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('seats a walk-in from Today in three taps, and the hour’s covers go up by its size', async () => {
    // This hour's and the next: the run may cross the top of the hour before the walk-in is seated.
    const before = new Map([
      [hour, await coversAt(page, hour)],
      [hour + 1, await coversAt(page, hour + 1).catch(() => 0)],
    ]);
    const seatedWalkIns = page.locator('.booking-table .arrival-tag', { hasText: 'Seated · walk-in' });
    const walkInsBefore = await seatedWalkIns.count();
    const walkInButton = page.getByRole('button', { name: 'Walk-in', exact: true });
    await walkInButton.scrollIntoViewIfNeeded();
    expect(await inViewport(page, '.walk-in-button')).toBe(true);
    // 1: Walk-in
    await walkInButton.click();
    const dialog = page.getByRole('dialog', { name: 'Add Walk-in' });
    // 2: the party size
    await dialog.getByRole('button', { name: '3 guests' }).click();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/walk-ins'));
    await shot(page, `walk-in-dialog-${label}`);
    // 3: Add
    await dialog.getByRole('button', { name: 'Add 3' }).click();
    const walkIn = (await (await answer).json()) as WalkInOut;
    expect(walkIn.date).toBe(today);
    await expectToast(page, `Walk-in of 3 seated at`);
    const walkInHour = Number(walkIn.time.slice(0, 2));
    expect([...before.keys()]).toContain(walkInHour);
    await expect.poll(() => coversAt(page, walkInHour)).toBe(before.get(walkInHour)! + 3);
    await expect.poll(() => seatedWalkIns.count()).toBe(walkInsBefore + 1);
    await page.locator('.today-tools').scrollIntoViewIfNeeded();
    await shot(page, `today-covers-${label}`);
  });

  it('shows the covers per hour in the Week View and each day’s covers in the Month View', async () => {
    await openView(page, 'Week View');
    if (isNarrow(page)) {
      const strip = page.locator(`.day-list-day[data-date="${today}"] .covers`);
      await strip.scrollIntoViewIfNeeded();
      expect(await strip.locator('.covers-total').textContent()).toMatch(/^\d+ covers? · \d+ seats$/);
    } else {
      const cell = page.locator(`.week-grid td[data-date="${today}"][data-hour="${hour}"] .covers-cell`);
      await cell.scrollIntoViewIfNeeded();
      expect(await cell.locator('[aria-hidden="true"]').textContent()).toMatch(/^\d+\/\d+$/);
      expect(await cell.locator('.visually-hidden').textContent()).toMatch(/^\d+ of \d+ seats taken$/);
      expect(await page.locator(`.week-grid th[data-date="${today}"] .week-day-covers`).textContent()).toMatch(/covers?$/);
    }
    await shot(page, `week-covers-${label}`);
    await openView(page, 'Month View');
    const covers = isNarrow(page)
      ? page.locator(`.day-list-day[data-date="${today}"] .day-covers`)
      : page.locator(`.month-grid td[data-date="${today}"] .month-day-covers`);
    await covers.scrollIntoViewIfNeeded();
    expect(await covers.textContent()).toMatch(/^\d+ covers?$/);
    await shot(page, `month-covers-${label}`);
  });
});

describe.each(SIZES)('a booking taken by phone at $width×$height', ({ width, height, label }) => {
  let staff: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height }));
  });
  afterAll(async () => {
    await staff?.close();
  });

  it("'+ Add' with the e-mail left blank books it; Today and its dialog say 'no e-mail'", async () => {
    // A time still to come today (now is an evening hour in the café's zone, see ZONE).
    const time = slotsFor(today).find((slot) => slot > slotNow(ZONE));
    expect(time, 'a later time today').toBeDefined();
    const name = `Phil Phone ${label}`;
    await openView(page, "Today's Reservations");
    await page.getByRole('button', { name: '+ Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Reservation' });
    await dialog.waitFor();
    await dialog.getByText('All fields are required except the e-mail and special requests.', { exact: true }).waitFor();
    const email = dialog.locator('#add-reservation-email');
    expect(await email.getAttribute('placeholder')).toBe(NO_EMAIL);
    await dialog.locator('#add-reservation-email-hint').getByText(NO_EMAIL_HINT, { exact: true }).waitFor();
    await dialog.locator('#add-reservation-name').fill(name);
    await dialog.locator('#add-reservation-phone').pressSequentially('4145550188');
    await dialog.locator('#add-reservation-size').selectOption('2');
    await fillDate(page, dialog.locator('#add-reservation-date'), today);
    await dialog.locator('#add-reservation-time').selectOption(time!);
    expect(await email.inputValue()).toBe('');
    await shot(page, `add-by-phone-${label}`);
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    await expectToast(page, 'Reservation created');
    await dialog.waitFor({ state: 'detached' });

    const row = page.locator('.booking-table tr', { hasText: name });
    await row.waitFor();
    expect(await row.locator('.no-email').textContent()).toBe(NO_EMAIL);
    expect(await row.textContent()).toContain('(414) 555-0188');
    expect(await row.textContent()).toContain(formatTime12(time!));
    await row.scrollIntoViewIfNeeded();
    await shot(page, `today-by-phone-${label}`);

    // Its details: the Email field is empty and says what that means.
    await row.getByRole('button', { name: `Edit ${name}'s reservation` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Reservation' });
    await edit.waitFor();
    expect(await edit.locator('#edit-reservation-email').inputValue()).toBe('');
    expect(await edit.locator('#edit-reservation-email').getAttribute('placeholder')).toBe(NO_EMAIL);
    await edit.locator('#edit-reservation-email-hint').getByText(NO_EMAIL_HINT, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
  });
});
