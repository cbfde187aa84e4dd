import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, formatRange, slotsFor, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { bookAsGuest } from './support/bookings';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, fillDate, openSection, SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';
import { outboxMails } from './support/outbox';

/**
 * Block a date range from the dashboard: the dialog previews the bookings the range holds, the admin
 * cancels them, each guest gets one e-mail, bookings outside the range stay and the public form
 * refuses every day of the range. At 1440×900 and 390×844.
 */
const ZONE = 'America/Chicago';
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

/** Who the gateway mailed that a closure cancelled their booking, read out of the outbox as a mail client reads it. */
async function closureMailsTo(): Promise<string[]> {
  const mails = await outboxMails(server.dataDir);
  return mails
    .filter((mail) => / is cancelled: we are closed$/.test(mail.subject ?? ''))
    .map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : ''))
    .sort();
}

const SIZES = [
  { width: 1440, height: 900, label: 'desktop', offset: 30 },
  { width: 390, height: 844, label: 'phone', offset: 45 },
] as const;

describe.each(SIZES)('staff at $width×$height', ({ width, height, label, offset }) => {
  const viewport = { width, height };
  const from = addDays(today, offset);
  const to = addDays(from, 2);
  const reason = `Kitchen renovation ${label}`;
  const guests = {
    first: { name: `Fay First ${label}`, email: `fay.${label}@example.com`, date: from },
    party: { name: `Pia Party ${label}`, email: `pia.${label}@example.com`, date: addDays(from, 1) },
    last: { name: `Lou Last ${label}`, email: `lou.${label}@example.com`, date: to },
    outside: { name: `Otto Outside ${label}`, email: `otto.${label}@example.com`, date: addDays(to, 1) },
  };
  let staff: BrowserContext;
  let page: Page;
  let visitorCtx: BrowserContext;
  let visitor: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    visitorCtx = await chromium.browser.newContext({ viewport });
    visitor = await visitorCtx.newPage();
    await visitor.goto(`${server.url}/`);
    for (const [key, g] of Object.entries(guests)) {
      ids[key] = (await bookAsGuest(visitor, { ...g, time: slotsFor(g.date).at(-4)!, party: key === 'party' })).id;
    }
    // Staff sign in after the guests booked: a live "New booking" notice of theirs arriving late would
    // take the place of the block's own toast (one toast at a time), as it did once on a loaded machine.
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    await openSection(page, 'Blocked Dates');
  });
  afterAll(async () => {
    await visitorCtx?.close();
    await staff?.close();
  });

  it('previews the bookings in the range, cancels them with one e-mail each, keeps the one outside', async () => {
    await page.getByRole('button', { name: 'Block Range' }).click();
    const form = page.getByRole('form', { name: 'Block a range of dates' });
    await fillDate(page, form.locator('#range-from'), from);
    await fillDate(page, form.locator('#range-to'), to);
    // A From date moved past the To date is refused in the browser, with the contract's message.
    await fillDate(page, form.locator('#range-from'), addDays(to, 1));
    await form.getByText('The To date must be on or after the From date').waitFor();
    await form.locator('#range-reason').fill(reason);
    await fillDate(page, form.locator('#range-from'), from);

    const preview = form.getByRole('list', { name: 'Bookings in this range' });
    await preview.getByText(guests.last.name).waitFor();
    expect(await preview.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining(guests.first.name),
      expect.stringContaining(guests.party.name),
      expect.stringContaining(guests.last.name),
    ]);
    await form.getByText('3 bookings fall in this range.').waitFor();
    await form.getByText(formatRange(from, to)).waitFor();
    expect(await preview.getByText('Birthday Party (pending)').count()).toBe(1);
    expect(await form.getByText(guests.outside.name).count()).toBe(0);

    // No choice made yet: the dialog asks for one.
    await form.getByRole('button', { name: 'Block 3 days' }).click();
    await form.getByText('Choose whether to keep or cancel the bookings in this range').first().waitFor();
    await form.getByText('Cancel them and e-mail each guest').click();
    const confirm = form.getByRole('button', { name: 'Block and cancel 3 bookings' });
    await confirm.waitFor();
    await page.waitForTimeout(300); // dialog transitions settle before the screenshot
    await picture(page, { path: join(SCREENSHOTS, `range-block-impact-preview-${width}x${height}.png`) });

    await confirm.click();
    await expectToast(page, 'Dates blocked successfully', '3 days closed; 3 bookings cancelled and each guest e-mailed.');
    await form.waitFor({ state: 'detached' });
    const row = page.locator('.blocked-dates-row', { hasText: formatRange(from, to) });
    await row.getByText(reason).waitFor();
    await row.getByText('3 days').waitFor();
    await picture(page, { path: join(SCREENSHOTS, `range-block-list-${width}x${height}.png`) });

    // One e-mail to each guest in the range, none to the one outside it.
    await expect
      .poll(async () => (await closureMailsTo()).filter((to) => to.includes(label)), { timeout: 10_000 })
      .toEqual([guests.first.email, guests.last.email, guests.party.email].sort());
    const reservations = await pageFetch<{ id: string }[]>(page, 'GET', '/api/reservations');
    expect(reservations.json.map((r) => r.id)).toContain(ids.outside);
    expect(reservations.json.map((r) => r.id)).not.toContain(ids.first);
    expect(reservations.json.map((r) => r.id)).not.toContain(ids.last);
    const parties = await pageFetch<{ id: string }[]>(page, 'GET', '/api/party-bookings');
    expect(parties.json.map((r) => r.id)).not.toContain(ids.party);
  });

  it('closes every day of the range on the public form, and Unblock reopens them', async () => {
    await visitor.reload();
    await visitor
      .getByRole('banner')
      .getByRole('button', { name: width < 768 ? 'Reserve' : 'Reserve Table', exact: true })
      .click();
    for (const day of [from, addDays(from, 1), to]) {
      await fillDate(visitor, visitor.locator('#reservation-date'), day);
      const closed = visitor.getByText(`Sorry, we are closed on this date: ${reason}`);
      await closed.waitFor();
      // The form clears a closed date; leave the field so the next click opens its calendar again.
      await visitor.locator('#reservation-name').click();
    }
    const row = page.locator('.blocked-dates-row', { hasText: formatRange(from, to) });
    await row.getByRole('button', { name: `Unblock ${formatRange(from, to)}` }).click();
    await expectToast(page, 'Dates unblocked successfully');
    await row.waitFor({ state: 'detached' });
    const listed = await pageFetch<{ date: string }[]>(visitor, 'GET', '/api/blocked-dates');
    expect(listed.json.filter((d) => d.date >= from && d.date <= to)).toEqual([]);
  });
});
