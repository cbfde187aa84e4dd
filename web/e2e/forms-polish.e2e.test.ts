import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, todayIn, weekdayOf } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { bookAsGuest } from './support/bookings';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, openSection, SCREENSHOTS, usDate } from './support/dashboard';
import { settled } from './support/settled';
import { picture } from './support/picture';

/** The one short line a failed submit shows (components/form/error-summary). */
const ERROR_SUMMARY_TEXT = 'Some fields need your attention.';

/**
 * Forms, inputs and dialogs by one hand (issue 27), public and staff, at 1440×900 and 390×844: Enter in
 * any date field picks the date and never submits; an untouched form shows no error until it is
 * submitted, then each field is checked as it changes; a typed past or closed date gives one message
 * and no stale times; the range dialog's banner goes once its fields are valid; Events take a date
 * from the calendar input and a time from the café's time select; every dialog's title is the serif at
 * --text-dialog-title and a long dialog keeps Close and Submit inside the viewport.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
/** A Saturday two weeks on or more: every form offers its times (11 AM on). */
const saturday = (() => {
  let d = addDays(today, 14);
  while (weekdayOf(d) !== 6) d = addDays(d, 1);
  return d;
})();

const SIZES = [
  { width: 1440, height: 900, label: 'desktop', offset: 0 },
  { width: 390, height: 844, label: 'phone', offset: 7 },
] as const;

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

const look = async (page: Page, what: string) => {
  const { width, height } = page.viewportSize()!;
  await settled(page);
  await picture(page, { path: join(SCREENSHOTS, `look-forms-${what}-${width}x${height}.png`) });
};

/** Every message a form shows under its fields (errors and notices); the summary line repeats none of them. */
const messagesIn = async (scope: Locator) => scope.locator('[id$="-error"], [id$="-notice"]').allInnerTexts();

/**
 * After a failed submit each field's message is on screen once, under its field (design system): the
 * summary is one short line that repeats none of them, and the focus is on the first invalid field.
 */
async function expectEachMessageOnce(form: Locator, firstInvalid: string): Promise<void> {
  const messages = await form.locator('[id$="-error"]').allInnerTexts();
  expect(messages.length).toBeGreaterThan(1);
  const text = await form.innerText();
  for (const message of messages) expect({ message, times: text.split(message).length - 1 }).toEqual({ message, times: 1 });
  expect(await form.locator('.error-summary').innerText()).toBe(ERROR_SUMMARY_TEXT);
  expect(await form.locator('.error-summary').getAttribute('role')).toBe('alert');
  expect(await form.evaluate(() => document.activeElement?.id)).toBe(firstInvalid);
}

/**
 * Types a date into a date field and presses Enter: the calendar closes on the date, nothing is sent
 * and no new message appears anywhere in the form (Enter never submits; a message may go as its field
 * is fixed).
 */
async function enterDate(page: Page, form: Locator, input: Locator, iso: string): Promise<void> {
  const sent: string[] = [];
  const onRequest = (r: { method(): string; url(): string }) => {
    if (r.method() !== 'GET') sent.push(`${r.method()} ${r.url()}`);
  };
  const before = await messagesIn(form);
  page.on('request', onRequest);
  try {
    await input.click();
    await page.locator('.bp6-datepicker').first().waitFor();
    await input.fill(usDate(iso));
    await input.press('Enter');
    // What the user sees once the key is done: the calendar gone, the date in the field, nothing moving
    // and the page painted since (a submit would have drawn its banner and sent its request by then).
    await page.locator('.bp6-datepicker').waitFor({ state: 'detached' });
    await expect.poll(() => input.inputValue()).toBe(usDate(iso));
    await settled(page);
    await input.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  } finally {
    page.off('request', onRequest);
  }
  expect(sent).toEqual([]);
  const after = await messagesIn(form);
  expect(after.filter((m) => !before.includes(m))).toEqual([]);
  expect(await input.inputValue()).toBe(usDate(iso));
}

/** The dashboard reloaded: no dialog of an earlier test left open. */
async function freshDashboard(page: Page): Promise<void> {
  await page.reload();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/** The element's whole box lies inside the viewport (polled: a dialog moves as it opens, and a starved machine's frames lag). */
const inView = (el: Locator) =>
  el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });

/** The dialog title's font: the serif at --text-dialog-title (1.375rem = 22px). */
async function expectDialogTitle(dialog: Locator): Promise<void> {
  const font = await dialog.locator('.bp6-dialog-header .bp6-heading').evaluate((el) => {
    const s = getComputedStyle(el);
    return { size: s.fontSize, serif: /Iowan|Palatino|Georgia|serif/.test(s.fontFamily) };
  });
  expect(font).toEqual({ size: '22px', serif: true });
}

describe.each(SIZES)('forms at $width×$height', ({ width, height, label, offset }) => {
  const viewport = { width, height };
  const day = addDays(saturday, offset);
  let staffCtx: BrowserContext;
  let staff: Page;
  let visitorCtx: BrowserContext;
  let visitor: Page;
  const blocked = { date: addDays(day, 1), reason: `Board game convention ${label}` };

  beforeAll(async () => {
    ({ context: staffCtx, page: staff } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    expect((await pageFetch(staff, 'POST', '/api/admin/blocked-dates', blocked)).status).toBe(201);
    visitorCtx = await chromium.browser.newContext({ viewport, deviceScaleFactor: 1 });
    visitor = await visitorCtx.newPage();
  });
  afterAll(async () => {
    await visitorCtx?.close();
    await staffCtx?.close();
  });

  async function openReservationForm(): Promise<Locator> {
    await visitor.goto(`${server.url}/`);
    await visitor
      .getByRole('banner')
      .getByRole('button', { name: width < 768 ? 'Reserve' : 'Reserve Table', exact: true })
      .click();
    const form = visitor.getByRole('form', { name: 'Reserve a table' });
    await form.locator('#reservation-name').waitFor();
    return form;
  }

  it('public reservation form: no error until submitted, Enter in the date never submits, then live checks', async () => {
    const form = await openReservationForm();
    // Through every field and out again without typing: nothing is said.
    await form.locator('#reservation-name').click();
    for (let i = 0; i < 4; i++) await visitor.keyboard.press('Tab');
    await form.locator('#reservation-name').click();
    expect(await messagesIn(form)).toEqual([]);
    await form.scrollIntoViewIfNeeded();
    await look(visitor, 'reservation-untouched');

    await enterDate(visitor, form, form.locator('#reservation-date'), day);
    expect(await form.locator('#reservation-time').isDisabled()).toBe(false);
    await form.locator('#reservation-time').selectOption({ index: 1 });

    // After a past date typed by hand: the field empties with the contract's one message; no stale times.
    await form.locator('#reservation-date').click();
    await form.locator('#reservation-date').fill(usDate(addDays(today, -1)));
    await form.locator('#reservation-date').press('Enter');
    await form.locator('#reservation-date-error').getByText('Reservation date cannot be in the past', { exact: true }).waitFor();
    expect(await form.locator('#reservation-time').isDisabled()).toBe(true);
    expect(await form.locator('#reservation-time option:checked').textContent()).toBe('Select date first');
    expect(await messagesIn(form)).toEqual(['Reservation date cannot be in the past']);

    // A submit shows every field's message once, under it, and one short line; then each goes as its field is fixed.
    await form.getByRole('button', { name: 'Reserve Table' }).click();
    await form.locator('.error-summary').waitFor();
    await form.locator('#reservation-name-error').getByText('Name is required', { exact: false }).waitFor();
    await expectEachMessageOnce(form, 'reservation-name');
    // No time to pick before a date: the date's message says it, the time select says nothing. The emptied
    // date keeps the reason it was emptied, not "Date is required" beside the day the guest typed.
    await form.locator('#reservation-date-error').getByText('Reservation date cannot be in the past', { exact: true }).waitFor();
    expect(await form.getByText('Date is required').count()).toBe(0);
    expect(await form.locator('#reservation-time-error').count()).toBe(0);
    expect(await form.locator('#reservation-time').getAttribute('aria-invalid')).toBeNull();
    await look(visitor, 'reservation-empty-submit');
    await form.locator('#reservation-name').fill(`Nia Now ${label}`);
    await form.locator('#reservation-name-error').waitFor({ state: 'detached' });

    // A blocked date typed by hand after that submit: one message, the contract's; date and time empty.
    await form.locator('#reservation-date').click();
    await form.locator('#reservation-date').fill(usDate(blocked.date));
    await form.locator('#reservation-date').press('Enter');
    const closed = `Sorry, we are closed on this date: ${blocked.reason}`;
    await form.locator('#reservation-date-notice').getByText(closed, { exact: true }).waitFor();
    expect(await form.getByText(closed).count()).toBe(1);
    expect(await form.locator('#reservation-date-error, #reservation-time-error').count()).toBe(0);
    expect(await form.locator('#reservation-time option:checked').textContent()).toBe('Select date first');
    expect((await form.locator('.error-summary').innerText()).includes('closed')).toBe(false);
    await look(visitor, 'reservation-blocked-date');

    // Everything filled: booked, and the confirmation's title is every dialog's title.
    await form.locator('#reservation-email').fill(`nia.${label}@example.com`);
    await form.locator('#reservation-phone').pressSequentially('4145550100');
    await enterDate(visitor, form, form.locator('#reservation-date'), day);
    await form.locator('#reservation-time').selectOption({ index: 2 });
    await form.locator('.error-summary').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Reserve Table' }).click();
    const confirmed = visitor.getByRole('dialog', { name: 'Reservation Confirmed!' });
    await confirmed.waitFor();
    await expectDialogTitle(confirmed);
    await expect.poll(() => inView(confirmed.getByRole('button', { name: 'Close' }).last())).toBe(true);
    await look(visitor, 'reservation-confirmed');
  });

  it('party dialog: no error until submitted, Enter in the date never submits, Close and Submit stay in view', async () => {
    await visitor.goto(`${server.url}/`);
    await visitor.locator('#parties').getByRole('button', { name: 'Book Your Party' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Book Your Party' });
    const form = dialog.getByRole('form', { name: 'Book your party' });
    await form.locator('#party-name').waitFor();
    await expectDialogTitle(dialog);
    expect(await messagesIn(form)).toEqual([]);
    await look(visitor, 'party-untouched');

    await enterDate(visitor, form, form.locator('#party-date'), day);
    expect(await form.locator('#party-time').isDisabled()).toBe(false);
    expect(await dialog.isVisible()).toBe(true);

    await form.getByRole('button', { name: 'Submit Request' }).click();
    await form.locator('.error-summary').waitFor();
    for (const id of ['party-name', 'party-email', 'party-phone', 'party-event-type', 'party-time']) {
      await form.locator(`#${id}-error`).waitFor();
    }
    await expectEachMessageOnce(form, 'party-name');
    // A long dialog: its body scrolls, its actions stay on screen.
    await expect.poll(() => inView(form.getByRole('button', { name: 'Submit Request' }))).toBe(true);
    await expect.poll(() => inView(form.getByRole('button', { name: 'Close' }))).toBe(true);
    await look(visitor, 'party-empty-submit');
    // Live after the submit: a field's message goes as it is fixed.
    await form.locator('#party-event-type').selectOption('birthday');
    await form.locator('#party-event-type-error').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("staff Add Reservation and Edit Party: Enter in the date never submits; the dialog's actions stay in view", async () => {
    await freshDashboard(staff);
    await openSection(staff, 'Reservations');
    await staff.getByRole('button', { name: '+ Add' }).click();
    let dialog = staff.getByRole('dialog', { name: 'Add New Reservation' });
    let form = dialog.getByRole('form', { name: 'Add New Reservation' });
    await form.locator('#add-reservation-name').waitFor();
    await expectDialogTitle(dialog);
    expect(await messagesIn(form)).toEqual([]);
    await look(staff, 'add-reservation-untouched');
    await enterDate(staff, form, form.locator('#add-reservation-date'), day);
    expect(await form.locator('#add-reservation-time').isDisabled()).toBe(false);
    await form.locator('#add-reservation-time').selectOption({ index: 1 });
    // A past date typed by hand: one message, the field and the times empty.
    await form.locator('#add-reservation-date').click();
    await form.locator('#add-reservation-date').fill(usDate(addDays(today, -2)));
    await form.locator('#add-reservation-date').press('Enter');
    await form.locator('#add-reservation-date-error').getByText('Reservation date cannot be in the past', { exact: true }).waitFor();
    expect(await form.locator('#add-reservation-time').isDisabled()).toBe(true);
    expect(await messagesIn(form)).toEqual(['Reservation date cannot be in the past']);

    await form.getByRole('button', { name: 'Create Reservation' }).click();
    await form.locator('.error-summary').waitFor();
    await expectEachMessageOnce(form, 'add-reservation-name');
    // The date was emptied: no time error under the disabled 'Select date first'.
    expect(await form.locator('#add-reservation-time-error').count()).toBe(0);
    await expect.poll(() => inView(form.getByRole('button', { name: 'Create Reservation' }))).toBe(true);
    await expect.poll(() => inView(form.getByRole('button', { name: 'Close' }))).toBe(true);
    await look(staff, 'add-reservation-empty-submit');
    await form.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Edit Party Booking: a party the public form sent.
    const name = `Pia Party ${label}`;
    await bookAsGuest(visitor, { name, email: `pia.${label}@example.com`, date: day, time: '18:00', party: true });
    // The dashboard's live notice of it, closed so it lies over no button (on a phone it covered the row's Edit).
    await expectToast(staff, 'New booking');
    await openSection(staff, 'Parties');
    await staff.getByRole('button', { name: `Edit ${name}'s party` }).click();
    dialog = staff.getByRole('dialog', { name: 'Edit Party Booking' });
    form = dialog.getByRole('form', { name: 'Edit Party Booking' });
    await form.locator('#edit-party-date').waitFor();
    await expectDialogTitle(dialog);
    await enterDate(staff, form, form.locator('#edit-party-date'), addDays(day, 7));
    await form.locator('#edit-party-name').fill('');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.locator('.error-summary').waitFor();
    await expect.poll(() => inView(form.getByRole('button', { name: 'Save Changes' }))).toBe(true);
    await look(staff, 'edit-party-errors');
    await form.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Block Date and Block Range: Enter never submits; the range banner goes once its fields are valid', async () => {
    await freshDashboard(staff);
    await openSection(staff, 'Blocked Dates');
    await staff.getByRole('button', { name: 'Block Date' }).click();
    const blockForm = staff.getByRole('form', { name: 'Block a date' });
    await enterDate(staff, blockForm, blockForm.locator('#block-date'), addDays(day, 30));
    // Enter closed the calendar and left the focus in the field: a click there shows the calendar again.
    await blockForm.locator('#block-date').click();
    await staff.locator('.bp6-datepicker').first().waitFor({ timeout: 5000 });
    await staff.keyboard.press('Escape');
    await staff.locator('.bp6-datepicker').waitFor({ state: 'detached' });
    await look(staff, 'block-date-entered');
    await blockForm.getByRole('button', { name: 'Close' }).click();

    await staff.getByRole('button', { name: 'Block Range' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Block a date range' });
    const form = dialog.getByRole('form', { name: 'Block a range of dates' });
    await form.locator('#range-from').waitFor();
    await expectDialogTitle(dialog);
    expect(await messagesIn(form)).toEqual([]);
    await look(staff, 'block-range-untouched');
    await form.getByRole('button', { name: 'Block dates' }).click();
    await form.locator('.error-summary').waitFor();
    expect(await form.locator('#range-from-error').innerText()).toBe('From date is required');
    await expect.poll(() => inView(form.getByRole('button', { name: 'Block dates' }))).toBe(true);
    await look(staff, 'block-range-empty-submit');

    const from = addDays(day, 40);
    await enterDate(staff, form, form.locator('#range-from'), from);
    await enterDate(staff, form, form.locator('#range-to'), addDays(from, 2));
    // A From moved past To: said under To (checked again live after the submit).
    await form.locator('#range-from').click();
    await form.locator('#range-from').fill(usDate(addDays(from, 3)));
    await form.locator('#range-from').press('Enter');
    await form.locator('#range-to-error').getByText('The To date must be on or after the From date').waitFor();
    // Not again in the preview's hint (the banner lists it with the others).
    expect(await form.locator('.range-impact-hint', { hasText: 'The To date must be' }).count()).toBe(0);
    await enterDate(staff, form, form.locator('#range-from'), from);
    await form.locator('#range-to-error').waitFor({ state: 'detached' });
    await form.locator('#range-reason').fill(`Deep clean ${label}`);
    await form.getByText('No bookings fall in this range.').waitFor();
    // Every field valid: no banner, no message.
    await form.locator('.error-summary').waitFor({ state: 'detached' });
    expect(await messagesIn(form)).toEqual([]);
    await look(staff, 'block-range-filled');
    await form.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("Events: the calendar date input and the café's time select; Enter in the date never submits", async () => {
    await freshDashboard(staff);
    await openSection(staff, 'Events');
    await staff.getByRole('button', { name: 'Add Event' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Add Event' });
    const form = dialog.getByRole('form', { name: 'Add event' });
    await form.locator('#event-title').waitFor();
    await expectDialogTitle(dialog);
    expect(await form.locator('#event-date').getAttribute('type')).toBe('text');
    expect(await form.locator('#event-time').evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await form.locator('#event-time').isDisabled()).toBe(true);
    await look(staff, 'event-untouched');

    await enterDate(staff, form, form.locator('#event-date'), addDays(day, 2));
    expect(await form.locator('#event-time').isDisabled()).toBe(false);
    await form.getByRole('button', { name: 'Add Event' }).click();
    await form.locator('#event-title-error').getByText('Event title is required').waitFor();
    await expect.poll(() => inView(form.getByRole('button', { name: 'Add Event' }))).toBe(true);
    await look(staff, 'event-empty-submit');

    const title = `Forms Night ${label}`;
    await form.locator('#event-title').fill(title);
    await form.locator('#event-time').selectOption('19:30');
    await form.locator('.error-summary').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Add Event' }).click();
    await expectToast(staff, 'Event created successfully');
    await staff.locator('.event-card', { hasText: title }).getByText('7:30 PM').waitFor();
  });
});
