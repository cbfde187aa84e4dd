import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CONTACT_REQUIRED, addDays, formatLongDate, formatTime12, slotsFor, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { cafeClockAt } from './support/test-clock';
import { pageFetch, signInAsStaff } from './support/staff';
import { background, chipOn, expectToast, fillDate, isNarrow, openSection, openView, SCREENSHOTS, shot } from './support/dashboard';

/**
 * The staff's booking dashboard in a real browser at 1440×900 and 390×844: the built app on the
 * real gateway, staff signed in through the real OpenID flow, bookings made on the public site.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const MANAGER = 'manager@example.com';
const today = todayIn(ZONE);
const tomorrow = addDays(today, 1);
// SPEC's purple, green, amber and blue in the café's palette (--time-evening, --teal, --time-afternoon, --time-morning tints).
const TONE_BG = { purple: 'rgb(236, 227, 234)', green: 'rgb(227, 238, 224)', amber: 'rgb(244, 237, 221)', blue: 'rgb(228, 233, 238)' };

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  // Today's bookings at set times: the café's day starts at 9 AM, before any of them (a passed time is refused).
  server = await startServer({ ADMIN_EMAILS: `${OWNER},${MANAGER}`, BUSINESS_TIME_ZONE: ZONE, ...cafeClockAt(today, '09:00', ZONE) });
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

describe.each(SIZES)('staff at $width×$height', ({ width, height, label }) => {
  const viewport = { width, height };
  let staff: BrowserContext;
  let page: Page;
  let visitorCtx: BrowserContext;
  let visitor: Page;
  const guest = { name: `Tess Table ${label}`, email: `tess.${label}@example.com` };
  const added = { name: `Ada Added ${label}`, email: `ada.${label}@example.com`, time: slotsFor(today)[0]! };
  const parties = { approve: `Pat Approve ${label}`, reject: `Rex Reject ${label}`, cancel: `Cal Cancel ${label}` };
  const partyIds: Record<string, string> = {};
  const blockDay = addDays(today, label === 'desktop' ? 20 : 21);
  const blockReason = `Staff training ${label}`;
  let addedId = '';

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    visitorCtx = await chromium.browser.newContext({ viewport, deviceScaleFactor: 1 });
    visitor = await visitorCtx.newPage();
    await visitor.goto(`${server.url}/`);
    // Three party requests, as the public party form sends them (that form has its own browser test).
    // Times every day offers: tomorrow may be a Sunday, whose last slot is 7:00 PM (it closes at 8 PM).
    const requests: [string, string, string][] = [
      [parties.approve, today, '19:00'],
      [parties.reject, tomorrow, '18:00'],
      [parties.cancel, tomorrow, '18:30'],
    ];
    for (const [name, date, time] of requests) {
      const res = await pageFetch<{ id: string }>(visitor, 'POST', '/api/party-bookings', {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${label}@example.com`,
        phone: '(414) 555-0199',
        eventType: 'birthday',
        partySize: 8,
        date,
        time,
        specialRequests: 'A big table please',
      });
      expect(res.status).toBe(201);
      partyIds[name] = res.json.id;
    }
  });
  afterAll(async () => {
    await visitorCtx?.close();
    await staff?.close();
  });

  const openPublicForm = async () => {
    await visitor
      .getByRole('banner')
      .getByRole('button', { name: width < 768 ? 'Reserve' : 'Reserve Table', exact: true })
      .click();
    await visitor.locator('#reservation-date').waitFor();
  };

  // On the fresh store (the first size only): the empty states, before anyone books.
  it.runIf(label === 'desktop')("shows 'Nothing scheduled today' and 'No reservations yet' before anyone books", async () => {
    await openSection(page, 'Reservations');
    await openView(page, "Today's Reservations");
    await page.getByText('Nothing scheduled today').waitFor();
    await shot(page, 'today-empty');
    await openView(page, 'List View');
    await page.getByText('No reservations yet').waitFor();
  });

  it('a reservation made on the public site shows in Today, List, Week and Month, at its hour, in purple', async () => {
    await openPublicForm();
    // One typography: inputs, selects and text areas use the page's font (not Arial or monospace).
    const fonts = await visitor.evaluate(() =>
      ['#reservation-name', '#reservation-size', '#reservation-requests', 'button[type="submit"]'].map(
        (sel) => getComputedStyle(document.querySelector(sel)!).fontFamily === getComputedStyle(document.body).fontFamily,
      ),
    );
    expect(fonts).toEqual([true, true, true, true]);
    await visitor.locator('#reservation-name').fill(guest.name);
    await visitor.locator('#reservation-email').fill(guest.email);
    await visitor.locator('#reservation-phone').pressSequentially('2625550100');
    await visitor.locator('#reservation-size').selectOption('4');
    await fillDate(visitor, visitor.locator('#reservation-date'), today);
    await visitor.locator('#reservation-time').selectOption('18:00');
    await visitor.getByRole('button', { name: 'Reserve Table' }).last().click();
    await visitor.getByRole('dialog', { name: 'Reservation Confirmed!' }).waitFor();
    await visitor.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

    await page.reload();
    await openSection(page, 'Reservations');
    await openView(page, "Today's Reservations");
    const todayRow = page.locator('.booking-table tr', { hasText: guest.name });
    await todayRow.waitFor();
    expect(await todayRow.textContent()).toContain('6:00 PM');
    expect(await todayRow.locator('.tone-dot').getAttribute('data-colour')).toBe('purple');
    await shot(page, 'today');

    await openView(page, 'List View');
    const listRow = page.locator('.booking-table tr', { hasText: guest.name });
    await listRow.waitFor();
    expect(await listRow.textContent()).toContain(formatLongDate(today));
    await shot(page, 'list');

    await openView(page, 'Week View');
    const weekChip = chipOn(page, today, guest.name);
    await weekChip.waitFor();
    if (!isNarrow(page)) expect(await weekChip.evaluate((el) => el.closest('td')!.dataset.hour)).toBe('18');
    expect(await weekChip.getAttribute('data-colour')).toBe('purple');
    expect(await background(weekChip)).toBe(TONE_BG.purple);
    expect(await weekChip.getAttribute('aria-label')).toBe(`${guest.name}, 4 people, 6:00 PM`);
    // Each entry is a button, reached by Tab, named for screen readers by name, size and time.
    await weekChip.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${guest.name}, 4 people, 6:00 PM`);
    expect(await weekChip.evaluate((el) => el.tagName === 'BUTTON' && (el as HTMLButtonElement).tabIndex === 0)).toBe(true);
    // Choosing Week View scrolled smoothly to the week header.
    await page.waitForFunction(
      () =>
        Math.abs(document.getElementById('week-header')!.getBoundingClientRect().top - 100) < 30 ||
        window.scrollY + window.innerHeight >= document.body.scrollHeight - 2,
    );
    if (!isNarrow(page)) {
      expect(await page.locator('.week-grid tbody tr').count()).toBe(15);
      expect(await page.locator('.week-grid thead th').nth(1).locator('.week-day-name').textContent()).toBe('Sun');
    }
    await shot(page, 'week');

    await openView(page, 'Month View');
    const monthChip = chipOn(page, today, guest.name);
    await monthChip.waitFor();
    expect(await monthChip.getAttribute('data-colour')).toBe('purple');
    await shot(page, 'month');
  });

  it("'+ Add' shows each required-field message, refuses a past date, then creates a reservation", async () => {
    await openView(page, "Today's Reservations");
    await page.getByRole('button', { name: '+ Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Reservation' });
    await dialog.waitFor();
    expect(await dialog.locator('#add-reservation-time option:checked').textContent()).toBe('Select date first');
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    // Staff may leave the e-mail empty (a booking taken by phone), not the phone too: the message says there is no way to reach the guest.
    for (const message of ['Name is required', CONTACT_REQUIRED, 'Date is required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    expect(await dialog.getByText('Email is required', { exact: true }).count()).toBe(0);
    // No time can be chosen before a date: the date's own message says what to do first.
    expect(await dialog.getByText('Time is required', { exact: true }).count()).toBe(0);
    await shot(page, 'add-errors');
    await dialog.locator('#add-reservation-email').fill('not-an-email');
    await dialog.locator('#add-reservation-phone').pressSequentially('262555');
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    await dialog.getByText('Invalid email', { exact: true }).waitFor();
    // A past date is refused: the picker keeps no date and the dialog says why.
    await fillDate(page, dialog.locator('#add-reservation-date'), addDays(today, -1));
    await dialog.locator('#add-reservation-name').click();
    await dialog.getByText('Reservation date cannot be in the past', { exact: true }).waitFor();
    expect(await dialog.locator('#add-reservation-time').isDisabled()).toBe(true);

    await dialog.locator('#add-reservation-name').fill(added.name);
    await dialog.locator('#add-reservation-email').fill(added.email);
    await dialog.locator('#add-reservation-phone').fill('');
    await dialog.locator('#add-reservation-phone').pressSequentially('4145550123');
    expect(await dialog.locator('#add-reservation-phone').inputValue()).toBe('(414) 555-0123');
    await dialog.locator('#add-reservation-size').selectOption('3');
    await fillDate(page, dialog.locator('#add-reservation-date'), today);
    expect(await dialog.locator('#add-reservation-time option:checked').textContent()).toBe('Select time');
    await dialog.locator('#add-reservation-time').selectOption(added.time);
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    await expectToast(page, 'Reservation created', undefined, 'toast');
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('.booking-table tr', { hasText: added.name });
    await row.waitFor();
    expect(await row.textContent()).toContain(formatTime12(added.time));
    addedId = (await row.getAttribute('data-booking-id'))!;
  });

  it('an edit changes the time; changing the date clears the time first', async () => {
    await openView(page, 'List View');
    await page.getByRole('button', { name: `Edit ${guest.name}'s reservation` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Reservation' });
    await dialog.waitFor();
    expect(await dialog.locator('#edit-reservation-time').inputValue()).toBe('18:00');
    await shot(page, 'edit-reservation');
    await fillDate(page, dialog.locator('#edit-reservation-date'), tomorrow);
    expect(await dialog.locator('#edit-reservation-time').inputValue()).toBe('');
    expect(await dialog.locator('#edit-reservation-time option:checked').textContent()).toBe('Select time');
    await dialog.locator('#edit-reservation-time').selectOption('18:30');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Reservation updated');
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('.booking-table tr', { hasText: guest.name });
    await expect.poll(() => row.textContent()).toContain('6:30 PM');
    expect(await row.textContent()).toContain(formatLongDate(tomorrow));
  });

  it('a delete asks the confirmation text and removes the row', async () => {
    await page.getByRole('button', { name: `Delete ${guest.name}'s reservation` }).click();
    const alert = page.locator('.confirm-cancel');
    await alert.getByText('Are you sure you want to cancel this reservation? This action cannot be undone.', { exact: true }).waitFor();
    await shot(page, 'delete-confirm');
    await alert.getByRole('button', { name: 'Cancel reservation' }).click();
    await expectToast(page, 'Reservation deleted');
    await page.locator('.booking-table tr', { hasText: guest.name }).waitFor({ state: 'detached' });
  });

  it('a pending party is approved with notes in Parties, then shows green in the week', async () => {
    await openSection(page, 'Parties');
    await page.getByRole('heading', { name: /^Party Bookings \(\d+\)$/ }).waitFor();
    const row = page.locator('.parties-table tr', { hasText: parties.approve });
    expect(await row.locator('.party-status').textContent()).toBe('Pending');
    expect(await row.textContent()).toContain('8 guests');
    expect(await row.textContent()).toContain('Birthday Party');
    await shot(page, 'parties');
    await page.getByRole('button', { name: `Approve or reject ${parties.approve}'s party` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve/Reject Party Booking' });
    await dialog.getByLabel('Admin notes').fill('Deposit received');
    // Staff know before they write that the guest reads the notes with the decision.
    await dialog.getByText('The guest reads these notes in the e-mail telling them your decision.').waitFor();
    await shot(page, 'party-decision');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, 'Party booking approved!', 'The booking has been approved');
    await expect.poll(() => row.locator('.party-status').textContent()).toBe('Approved');
    expect(await row.textContent()).toContain('Deposit received');
    expect(await row.locator('.party-status').evaluate((el) => el.className)).toContain('bp6-intent-success');

    await openSection(page, 'Reservations');
    await openView(page, 'Week View');
    const chip = chipOn(page, today, parties.approve);
    await chip.waitFor();
    expect(await chip.getAttribute('data-colour')).toBe('green');
    expect(await background(chip)).toBe(TONE_BG.green);
  });

  it('another party is rejected, the notes of the approved one are edited, and one is cancelled', async () => {
    await openSection(page, 'Parties');
    await page.getByRole('button', { name: `Approve or reject ${parties.reject}'s party` }).click();
    let dialog = page.getByRole('dialog', { name: 'Approve/Reject Party Booking' });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expectToast(page, 'Party booking rejected!', 'The booking has been rejected');
    const rejected = page.locator('.parties-table tr', { hasText: parties.reject });
    await expect.poll(() => rejected.locator('.party-status').textContent()).toBe('Rejected');

    await page.getByRole('button', { name: `Edit notes of ${parties.approve}'s party` }).click();
    dialog = page.getByRole('dialog', { name: 'Approve/Reject Party Booking' });
    await dialog.getByText('This booking has been approved; only the admin notes can change.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await dialog.getByLabel('Admin notes').fill('Deposit received; cake at 8 PM');
    await dialog.getByText('For staff only: the guest has been told already.').waitFor();
    await shot(page, 'party-notes');
    await dialog.getByRole('button', { name: 'Save Notes' }).click();
    await expectToast(page, 'Party booking approved!');
    const approved = page.locator('.parties-table tr', { hasText: parties.approve });
    await expect.poll(() => approved.textContent()).toContain('cake at 8 PM');
    expect(await approved.locator('.party-status').textContent()).toBe('Approved');

    // Edit Party Booking: the admin's event types and sizes (1–10, then 15, 20, 25, 30).
    await page.getByRole('button', { name: `Edit ${parties.cancel}'s party` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Party Booking' });
    await dialog.waitFor();
    await shot(page, 'party-edit');
    await dialog.locator('#edit-party-event-type').selectOption('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Event type is required', { exact: true }).waitFor();
    await dialog.locator('#edit-party-event-type').selectOption('anniversary');
    await dialog.locator('#edit-party-size').selectOption('15');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Party booking updated');
    const edited = page.locator('.parties-table tr', { hasText: parties.cancel });
    await expect.poll(() => edited.textContent()).toContain('15 guests');
    expect(await edited.textContent()).toContain('Anniversary');

    await page.getByRole('button', { name: `Edit ${parties.cancel}'s party` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Party Booking' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel party booking' }).click();
    const alert = page.locator('.confirm-cancel');
    await alert.getByText('Are you sure you want to cancel this party booking? This action cannot be undone.', { exact: true }).waitFor();
    await alert.getByRole('button', { name: 'Cancel party booking' }).click();
    await expectToast(page, 'Party booking cancelled');
    await page.locator('.parties-table tr', { hasText: parties.cancel }).waitFor({ state: 'detached' });
  });

  it('Filters by size and by type narrow the week', async () => {
    await openSection(page, 'Reservations');
    await openView(page, 'Week View');
    await chipOn(page, today, added.name).waitFor();
    await chipOn(page, today, parties.approve).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    let dialog = page.getByRole('dialog', { name: 'Filter Reservations' });
    // The dialog holds the focus, labels every field, and gives the focus back when it closes.
    await dialog.waitFor();
    const focusInside = () => dialog.evaluate((el) => el.closest('.bp6-overlay')!.contains(document.activeElement));
    await expect.poll(focusInside).toBe(true);
    // Tabbing never reaches the page behind (the date fields' calendars are portalled beside the dialog).
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.bp6-portal')))).toBe(true);
    }
    await dialog.getByLabel('Min party size').focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim())).toBe('Filters');
    await page.getByRole('button', { name: 'Filters' }).click();
    dialog = page.getByRole('dialog', { name: 'Filter Reservations' });
    await dialog.getByLabel('Min party size').fill('1');
    await dialog.getByLabel('Max party size').fill('4');
    await shot(page, 'filters');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await chipOn(page, today, parties.approve).waitFor({ state: 'detached' });
    await chipOn(page, today, added.name).waitFor();

    await page.getByRole('button', { name: 'Filters (2)' }).click();
    dialog = page.getByRole('dialog', { name: 'Filter Reservations' });
    await dialog.getByRole('button', { name: 'Clear All' }).click();
    await chipOn(page, today, parties.approve).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    dialog = page.getByRole('dialog', { name: 'Filter Reservations' });
    await dialog.getByText('Table Reservations').click();
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await chipOn(page, today, added.name).waitFor({ state: 'detached' });
    await chipOn(page, today, parties.approve).waitFor();
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await page.getByRole('dialog', { name: 'Filter Reservations' }).getByRole('button', { name: 'Clear All' }).click();
    await chipOn(page, today, added.name).waitFor();
  });

  it("a booking's History lists the visitor's request and the admin's decision with the admin's e-mail", async () => {
    await openView(page, "Today's Reservations");
    // The guest's name: the row's middle is its Arrival column now, whose buttons act on their own.
    await page.locator('.booking-table tr', { hasText: parties.approve }).getByText(parties.approve).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Party Booking' });
    await dialog.getByRole('tab', { name: 'History' }).click();
    const history = dialog.locator('.booking-history');
    await history.getByText('Party booking requested').waitFor();
    const request = history.locator('li.booking-history-entry', { hasText: 'Party booking requested' });
    expect(await request.textContent()).toContain('Visitor');
    const decision = history.locator('li.booking-history-entry', { hasText: 'Party booking approved' }).last();
    expect(await decision.textContent()).toContain(OWNER);
    expect(await decision.textContent()).toContain('Deposit received');
    await shot(page, 'history');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('two admins edit the same reservation: the second sees the conflict and nothing is overwritten', async () => {
    const { context: otherCtx, page: other } = await signInAsStaff(chromium.browser, server.url, MANAGER, viewport);
    try {
      const openEdit = async (p: Page) => {
        await openSection(p, 'Reservations');
        await openView(p, "Today's Reservations");
        await p.getByRole('button', { name: `Edit ${added.name}'s reservation` }).click();
        const d = p.getByRole('dialog', { name: 'Edit Reservation' });
        await d.waitFor();
        return d;
      };
      const mine = await openEdit(page);
      const theirs = await openEdit(other);
      await mine.locator('#edit-reservation-requests').fill('Window table');
      await mine.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Reservation updated');

      await theirs.locator('#edit-reservation-size').selectOption('6');
      await theirs.getByRole('button', { name: 'Save Changes' }).click();
      await theirs.getByText('Someone else changed this booking').waitFor();
      await theirs.getByText('This record was changed by someone else in the meantime. Reload it and try again.').waitFor();
      await theirs.locator('.booking-conflict-values', { hasText: 'Window table' }).waitFor();
      await shot(other, 'conflict');
      const stored = await pageFetch<{ partySize: number; specialRequests: string }>(page, 'GET', `/api/admin/reservations/${addedId}`);
      expect(stored.json).toMatchObject({ partySize: 3, specialRequests: 'Window table' });

      await theirs.getByRole('button', { name: 'Re-apply my changes' }).click();
      await expectToast(other, 'Reservation updated');
      const merged = await pageFetch<{ partySize: number; specialRequests: string }>(page, 'GET', `/api/admin/reservations/${addedId}`);
      expect(merged.json).toMatchObject({ partySize: 6, specialRequests: 'Window table' });
    } finally {
      await otherCtx.close();
    }
    await page.keyboard.press('Escape');
  });

  it('a blocked date closes the public form for that day and refuses a staff move onto it, and unblocking reopens it', async () => {
    await openSection(page, 'Blocked Dates');
    await page.getByRole('button', { name: 'Block Date' }).click();
    const form = page.getByRole('form', { name: 'Block a date' });
    await form.getByRole('button', { name: 'Block Date' }).click();
    await form.getByText('Date is required', { exact: true }).waitFor();
    await form.getByText('Reason is required', { exact: true }).waitFor();
    await fillDate(page, form.locator('#block-date'), blockDay);
    await form.locator('#block-reason').fill(blockReason);
    await shot(page, 'block-form');
    await form.getByRole('button', { name: 'Block Date' }).click();
    await expectToast(page, 'Date blocked successfully');
    await form.waitFor({ state: 'detached' });
    const row = page.locator('.blocked-dates-row', { hasText: formatLongDate(blockDay) });
    await row.getByText(blockReason).waitFor();
    await shot(page, 'blocked-dates');

    await visitor.reload();
    await openPublicForm();
    await fillDate(visitor, visitor.locator('#reservation-date'), blockDay);
    await visitor.getByText(`Sorry, we are closed on this date: ${blockReason}`).waitFor();

    // Staff moving a booking onto the closed day are told why, not that someone else changed it.
    await openSection(page, 'Reservations');
    await openView(page, "Today's Reservations");
    await page.getByRole('button', { name: `Edit ${added.name}'s reservation` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Reservation' });
    await fillDate(page, edit.locator('#edit-reservation-date'), blockDay);
    await edit.locator('#edit-reservation-time').selectOption('18:00');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to update reservation', `Sorry, we are closed on this date: ${blockReason}`, 'edit-onto-blocked-date');
    expect(await edit.getByText('Someone else changed this booking').count()).toBe(0);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await openSection(page, 'Blocked Dates');

    await row.getByRole('button', { name: `Unblock ${formatLongDate(blockDay)}` }).click();
    await expectToast(page, 'Date unblocked successfully');
    await row.waitFor({ state: 'detached' });
    await visitor.reload();
    await openPublicForm();
    await fillDate(visitor, visitor.locator('#reservation-date'), blockDay);
    await visitor.locator('#reservation-name').click();
    expect(await visitor.locator('#reservation-date').inputValue()).toBe(
      `${blockDay.slice(5, 7)}/${blockDay.slice(8, 10)}/${blockDay.slice(0, 4)}`,
    );
    expect(await visitor.getByText(`Sorry, we are closed on this date: ${blockReason}`).count()).toBe(0);
  });
});
