import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, formatLongDate, todayIn, weekdayOf, type CafeEvent } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { approveParty, bookAsGuest } from './support/bookings';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, fillDate, openSection, SCREENSHOTS } from './support/dashboard';
import { outboxMailsTo } from './support/outbox';
import { picture } from './support/picture';

/**
 * A holiday closed in Business Info is a closure (issue 46), at 390×844 and 1440×900 in the café's zone:
 * the owner marks a Thursday closed that holds a reservation, an approved party and three game-night
 * sign-ups; saving shows the Blocked Dates preview listing all five; "cancel" mails each guest once, and
 * /events shows the day closed. Its own gateway: it changes business info.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
/** The first Thursday from `days` ahead: far from the demo's bookings around today. */
const thursdayFrom = (days: number) => {
  let d = addDays(today, days);
  while (weekdayOf(d) !== 4) d = addDays(d, 1);
  return d;
};
const CLOSED_SUBJECT = /: we are closed$/;
const SIZES = [
  { width: 1440, height: 900, label: 'desktop', ahead: 50 },
  { width: 390, height: 844, label: 'phone', ahead: 64 },
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

describe.each(SIZES)('the owner at $width×$height', ({ width, height, label, ahead }) => {
  const viewport = { width, height };
  const holiday = thursdayFrom(ahead);
  const note = `Staff holiday ${label}`;
  const title = `Holiday Game Night ${label}`;
  const guest = (who: string) => ({ name: `${who} ${label}`, email: `${who.toLowerCase()}.${label}@example.com` });
  const guests = [guest('Rita'), guest('Pablo'), guest('Sam'), guest('Sue'), guest('Sid')];
  let owner: BrowserContext;
  let page: Page;
  let visitorCtx: BrowserContext;
  let visitor: Page;

  beforeAll(async () => {
    visitorCtx = await chromium.browser.newContext({ viewport });
    visitor = await visitorCtx.newPage();
    await visitor.goto(`${server.url}/`);
    ({ context: owner, page } = await signInAsStaff(chromium.browser, server.url, OWNER, viewport));
    // A reservation, an approved party and three sign-ups (the third waits: the night has three places).
    await bookAsGuest(visitor, { ...guests[0]!, date: holiday, time: '18:00', party: false });
    const party = await bookAsGuest(visitor, { ...guests[1]!, date: holiday, time: '19:00', party: true });
    await approveParty(page, party.id, party.version);
    const night = await pageFetch<CafeEvent>(page, 'POST', '/api/admin/events', {
      title,
      event_date: holiday,
      event_time: '19:00',
      price: '$5',
      max_attendees: 3,
    });
    expect(night.status).toBe(201);
    for (const [i, g] of guests.slice(2).entries()) {
      const signUp = await pageFetch(visitor, 'POST', `/api/events/${night.json.id}/sign-ups`, {
        date: holiday,
        ...g,
        phone: `(262) 555-01${i}5`,
        places: i === 2 ? 2 : 1,
      });
      expect(signUp.status).toBe(201);
    }
    await openSection(page, 'Business Info');
  }, 120_000);
  afterAll(async () => {
    await visitorCtx?.close();
    await owner?.close();
  });

  it('closes the holiday: the preview lists all five, "cancel" mails each guest once', async () => {
    const card = page.locator('.business-hours-card');
    const rows = card.locator('.opening-hours-exception');
    await card.getByRole('button', { name: 'Add holiday hours' }).waitFor();
    const i = await rows.count();
    await card.getByRole('button', { name: 'Add holiday hours' }).click();
    await fillDate(page, card.locator(`#holiday-${i}-date`), holiday);
    await card.locator(`#holiday-${i}-note`).fill(note);
    expect(await card.locator(`#holiday-${i}-closed`).isChecked()).toBe(true);
    // The note is the closure's reason: the field says who reads it.
    await card.locator(`#holiday-${i}-note-hint`).getByText('Guests see this reason in their e-mail and on the site.').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const preview = page.getByRole('form', { name: 'Bookings on the days you change' });
    const list = preview.getByRole('list', { name: `Closing ${formatLongDate(holiday)} (${note})` });
    await list.getByText(guests[4]!.name).waitFor();
    const items = await list.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(5);
    for (const g of guests)
      expect(
        items.filter((text) => text.includes(g.name)),
        g.name,
      ).toHaveLength(1);
    expect(items.join('\n')).toContain('Reservation');
    expect(items.join('\n')).toContain('Birthday Party (approved)');
    expect(items.filter((text) => text.includes(`${title} sign-up`))).toHaveLength(3);
    await preview.getByText('5 bookings fall on a day you close or outside the new hours.').waitFor();

    // No choice yet: the dialog asks for one; nothing is saved meanwhile.
    await preview.getByRole('button', { name: 'Save', exact: true }).click();
    await preview.getByText('Choose whether to keep or cancel these bookings').first().waitFor();
    await preview.getByText('Cancel them and e-mail each guest').click();
    const confirm = preview.getByRole('button', { name: 'Save and cancel 5 bookings' });
    await confirm.waitFor();
    await page.waitForTimeout(300); // the dialog's transition settles before the picture
    await picture(page, { path: join(SCREENSHOTS, `holiday-closure-preview-${width}x${height}.png`) });

    await confirm.click();
    await expectToast(page, 'Business information updated successfully', '5 bookings cancelled and each guest e-mailed.');
    await preview.waitFor({ state: 'detached' });

    // One mail to each guest, saying why.
    const closedMails = async (email: string) =>
      (await outboxMailsTo(server.dataDir, email)).filter((m) => CLOSED_SUBJECT.test(m.subject ?? ''));
    for (const g of guests) {
      await expect.poll(async () => (await closedMails(g.email)).length, { timeout: 15_000 }).toBe(1);
    }
    await page.waitForTimeout(500);
    for (const g of guests) {
      const mails = await closedMails(g.email);
      expect(mails, g.email).toHaveLength(1);
      expect(mails[0]!.text).toContain(`(${note})`);
    }
  });

  it('/events shows the day closed, with no button to sign up', async () => {
    await visitor.goto(`${server.url}/events`);
    const day = visitor.getByRole('list', { name: `Dates of ${title}` }).locator(`li[data-date="${holiday}"]`);
    await day.getByText(`Closed that day: ${note}`).waitFor();
    expect(await day.getByRole('button').count()).toBe(0);
    await day.scrollIntoViewIfNeeded();
    await picture(visitor, { path: join(SCREENSHOTS, `holiday-closure-events-${width}x${height}.png`) });
    // The server agrees: a sign-up that day is refused with the holiday's reason.
    const events = await pageFetch<CafeEvent[]>(visitor, 'GET', '/api/events');
    const id = events.json.find((e) => e.title === title)!.id;
    const refused = await pageFetch<{ message: string }>(visitor, 'POST', `/api/events/${id}/sign-ups`, {
      date: holiday,
      name: `Late ${label}`,
      email: `late.${label}@example.com`,
      phone: '(262) 555-0199',
      places: 1,
    });
    expect(refused).toEqual({ status: 409, json: { message: `Sorry, we are closed on this date: ${note}` } });
  });
});
