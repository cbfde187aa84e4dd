import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayIn, type CafeEvent, type EventSignUpResult } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { inViewport, pageFetch, signInAsStaff } from './support/staff';
import { expectToast, openSection, SCREENSHOTS } from './support/dashboard';
import { settled } from './support/settled';
import { axeViolations } from './support/axe';
import { outboxMailsTo } from './support/outbox';
import { picture } from './support/picture';

/**
 * Game nights as a visitor and the staff see them: a visitor signs up for a date on /events, a full
 * date shows its waitlist and takes sign-ups onto it, and staff see a date's attendees and waitlist in
 * order and check people in, at a phone's size and a desktop's.
 */
const ZONE = 'America/Chicago';
const ADMIN_EMAIL = 'owner@example.com';
const today = todayIn(ZONE);
const FULL_DATE = addDays(today, 1);
const OPEN_DATE = addDays(today, 2);
const FULL_TITLE = 'Tiny Tournament';
const OPEN_TITLE = 'Open Game Night';
/** The weekly night's third date, which the café has closed. */
const CLOSED_DATE = addDays(OPEN_DATE, 14);
const CLOSED_REASON = 'Plumbing repairs';

let server: RunningServer;
let chromium: LaunchedBrowser;
let admin: BrowserContext;
let adminPage: Page;
const staffFetch = <T>(method: string, path: string, body?: unknown) => pageFetch<T>(adminPage, method, path, body);
const guest = (n: number, date: string) => ({
  date,
  name: `Player ${n}`,
  email: `player${n}@example.com`,
  phone: `(262) 555-01${String(n).padStart(2, '0')}`,
  places: 1,
});
let full: CafeEvent;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  ({ context: admin, page: adminPage } = await signInAsStaff(chromium.browser, server.url, ADMIN_EMAIL));
  const made = await staffFetch<CafeEvent>('POST', '/api/admin/events', {
    title: FULL_TITLE,
    description: 'Three seats at the final table.',
    event_date: FULL_DATE,
    event_time: '19:00',
    price: '$10',
    max_attendees: 3,
  });
  expect(made.status).toBe(201);
  full = made.json;
  const open = await staffFetch('POST', '/api/admin/events', {
    title: OPEN_TITLE,
    event_date: OPEN_DATE,
    event_time: '18:00',
    price: 'Free',
    max_attendees: 20,
    repeat: 'weekly',
  });
  expect(open.status).toBe(201);
  expect((await staffFetch('POST', '/api/admin/blocked-dates', { date: CLOSED_DATE, reason: CLOSED_REASON })).status).toBe(201);
  // Three take the places, two more wait.
  for (let n = 1; n <= 5; n++) {
    const res = await staffFetch<EventSignUpResult>('POST', `/api/events/${full.id}/sign-ups`, guest(n, FULL_DATE));
    expect(res.json.status).toBe(n <= 3 ? 'confirmed' : 'waitlisted');
  }
}, 300_000);

afterAll(async () => {
  await admin?.close();
  await chromium?.close();
  await server?.stop();
});

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

describe.each(SIZES)('a visitor at $width×$height', ({ width, height }) => {
  let ctx: BrowserContext;
  let page: Page;
  const card = (title: string) => page.locator('.upcoming-event', { has: page.getByRole('heading', { name: title, exact: true }) });
  beforeAll(async () => {
    ctx = await chromium.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    page = await ctx.newPage();
    await page.goto(`${server.url}/events`);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('signs up for a date and sees its places go down', async () => {
    const dates = card(OPEN_TITLE).getByRole('list', { name: `Dates of ${OPEN_TITLE}` });
    const first = dates.locator(`li[data-date="${OPEN_DATE}"]`);
    await first.scrollIntoViewIfNeeded();
    const before = Number(/^(\d+) of 20/.exec((await first.locator('.event-date-places').textContent()) ?? '')?.[1]);
    // Each of the next dates has its own places.
    expect(await dates.locator('li').count()).toBe(6);
    await expect
      .poll(() => dates.locator(`li[data-date="${addDays(OPEN_DATE, 7)}"] .event-date-places`).textContent())
      .toBe('20 of 20 places left');
    // The date the café closed says so and takes no one.
    const closed = dates.locator(`li[data-date="${CLOSED_DATE}"]`);
    expect(await closed.locator('.event-date-places').textContent()).toBe(`Closed that day: ${CLOSED_REASON}`);
    expect(await closed.getByRole('button').count()).toBe(0);
    await closed.scrollIntoViewIfNeeded();
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `game-nights-events-closed-date-${width}x${height}.png`) });
    await first.getByRole('button', { name: /^Sign up:/ }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill(`Visitor ${width}`);
    await form.getByLabel('Email').fill(`visitor.${width}@example.com`);
    await form.locator('#sign-up-phone').pressSequentially('2625550123');
    await form.getByLabel('Places').selectOption('2');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Sign up' }).click();
    const done = page.locator('.bp6-callout', { hasText: "You're signed up!" });
    await done.waitFor();
    expect(await inViewport(page, '.sign-up-dialog .bp6-callout')).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => first.locator('.event-date-places').textContent()).toBe(`${before - 2} of 20 places left`);
  });

  it('sees a full date with its waitlist, joins it, and is told the place in line', async () => {
    const row = card(FULL_TITLE).locator(`li[data-date="${FULL_DATE}"]`);
    await row.scrollIntoViewIfNeeded();
    const waiting = Number(/(\d+) on the waitlist/.exec((await row.locator('.event-date-places').textContent()) ?? '')?.[1]);
    expect(waiting).toBeGreaterThanOrEqual(2);
    expect(await row.getByRole('button', { name: /^Join the waitlist:/ }).isVisible()).toBe(true);
    await card(FULL_TITLE).scrollIntoViewIfNeeded();
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `game-nights-events-full-${width}x${height}.png`) });
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Join the waitlist:/ }).click();
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await form.getByLabel('Name').fill(`Waiting ${width}`);
    await form.getByLabel('Email').fill(`waiting.${width}@example.com`);
    await form.locator('#sign-up-phone').pressSequentially('2625550124');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    const told = page.locator('.bp6-callout', { hasText: "You're on the waitlist" });
    await told.waitFor();
    expect(await told.textContent()).toContain(`you're number ${waiting + 1} on the waitlist`);
    expect(await inViewport(page, '.sign-up-dialog .bp6-callout')).toBe(true);
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `game-nights-waitlist-joined-${width}x${height}.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => row.locator('.event-date-places').textContent()).toBe(`Full · ${waiting + 1} on the waitlist`);
  });
});

describe.each(SIZES)('staff at $width×$height', ({ width, height }) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context: ctx, page } = await signInAsStaff(chromium.browser, server.url, ADMIN_EMAIL, { width, height }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("see a date's attendees and its waitlist in order, and check a player in", async () => {
    await openSection(page, 'Events');
    await page.getByRole('button', { name: `Sign-ups: ${FULL_TITLE}` }).click();
    const panel = page.getByRole('region', { name: `Sign-ups: ${FULL_TITLE}` });
    const attendees = panel.getByRole('list', { name: 'Attendees' });
    await attendees.waitFor();
    expect(await attendees.locator('li strong').allTextContents()).toEqual(['Player 1', 'Player 2', 'Player 3']);
    const waitlist = panel.getByRole('list', { name: 'Waitlist' });
    const order = await waitlist.locator('li strong').allTextContents();
    expect(order.slice(0, 2)).toEqual(['1. Player 4', '2. Player 5']);
    expect(order.slice(2)).toContain(`3. Waiting 390`);

    const player = width === 390 ? 'Player 1' : 'Player 2';
    const checkIn = panel.getByRole('button', { name: `Check in ${player}` });
    await checkIn.scrollIntoViewIfNeeded();
    await checkIn.click();
    await expectToast(page, `${player} checked in`);
    const row = attendees.locator('li', { hasText: player });
    await row.getByText('Checked in').waitFor();
    expect(await row.getByText('Checked in').isVisible()).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `game-nights-staff-${width}x${height}.png`) });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("see the closed date flagged among the weekly night's dates", async () => {
    await page.getByRole('button', { name: `Sign-ups: ${OPEN_TITLE}` }).click();
    const panel = page.getByRole('region', { name: `Sign-ups: ${OPEN_TITLE}` });
    const date = panel.getByRole('combobox', { name: 'Date' });
    await date.waitFor();
    expect(await date.locator(`option[value="${CLOSED_DATE}"]`).textContent()).toContain(`Closed that day: ${CLOSED_REASON}`);
    await date.selectOption(CLOSED_DATE);
    const flag = panel.locator('.event-closed-day', { hasText: `Closed that day: ${CLOSED_REASON}` });
    await flag.waitFor();
    await flag.scrollIntoViewIfNeeded();
    expect(await inViewport(page, `[aria-label="Sign-ups: ${OPEN_TITLE}"] .event-closed-day`)).toBe(true);
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `game-nights-staff-closed-date-${width}x${height}.png`) });
  });
});

/** The cancel link of the newest mail to `to` that carries one (the confirmation, or the promotion). */
async function signUpLinkTo(to: string, subject: RegExp): Promise<string> {
  for (let tries = 0; tries < 75; tries++) {
    const mail = (await outboxMailsTo(server.dataDir, to)).reverse().find((m) => subject.test(m.subject ?? ''));
    const link = /(https?:\/\/\S+\/my-event-sign-up\?token=[\w.-]+)/.exec(mail?.text ?? '')?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-up link mailed to ${to}`);
}

// After the staff's look: a confirmed guest cancels through their mail's link, and the first waitlisted
// guest is promoted (and mailed, with a link of their own).
describe.each([
  { width: 390, height: 844, leaving: 'player3@example.com', subject: /^You're signed up/, promoted: 'player4@example.com' },
  { width: 1440, height: 900, leaving: 'player4@example.com', subject: /^A place opened up/, promoted: 'player5@example.com' },
])('a guest at $width×$height', ({ width, height, leaving, subject, promoted }) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await chromium.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('cancels through the e-mailed link after confirming; the first on the waitlist gets the place and a mail', async () => {
    await page.goto(await signUpLinkTo(leaving, subject));
    const cancel = page.getByRole('button', { name: 'Cancel my sign-up' });
    await cancel.waitFor();
    expect(await page.getByText(FULL_TITLE).isVisible()).toBe(true);
    expect(await inViewport(page, '.my-sign-up-card .bp6-button')).toBe(true);
    // One tap only asks; keeping the sign-up leaves it as it was.
    await cancel.click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText(`Cancel your sign-up for 1 place at ${FULL_TITLE} on `, { exact: false }).waitFor();
    expect(await ask.textContent()).toContain('This cannot be undone.');
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `game-nights-guest-cancel-ask-${width}x${height}.png`) });
    await ask.getByRole('button', { name: 'Keep my sign-up' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByText('You are signed up.').isVisible()).toBe(true);
    expect(await page.getByText('Your sign-up was cancelled.').count()).toBe(0);
    const kept = await staffFetch<{ attendees: { email: string }[] }>('GET', `/api/admin/events/${full.id}/occurrences/${FULL_DATE}`);
    expect(kept.json.attendees.map((a) => a.email)).toContain(leaving);

    await cancel.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel my sign-up' }).click();
    await page.getByText('Your sign-up was cancelled.').waitFor();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `game-nights-guest-cancelled-${width}x${height}.png`) });
    expect(await axeViolations(page)).toEqual([]);
    // The promoted guest hears of it, with their own link.
    expect(await signUpLinkTo(promoted, /^A place opened up/)).toMatch(/my-event-sign-up\?token=/);
    const list = await staffFetch<{ attendees: { email: string }[]; placesTaken: number }>(
      'GET',
      `/api/admin/events/${full.id}/occurrences/${FULL_DATE}`,
    );
    expect(list.json.placesTaken).toBe(3);
    expect(list.json.attendees.map((a) => a.email)).toContain(promoted);
    expect(list.json.attendees.map((a) => a.email)).not.toContain(leaving);
  });
});
