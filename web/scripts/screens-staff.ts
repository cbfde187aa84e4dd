/**
 * Photographs every staff screen and dialog at 390×844 and 1440×900 into web/screenshots/screens/
 * (git-ignored), to look at them by eye against the design system (web/src/styles/README.md).
 * Not a test: `npx tsx web/scripts/screens-staff.ts`. It starts its own gateway as the browser tests
 * do, signs in as staff, and makes its data through the API. A screen that cannot be reached is
 * reported and skipped; the run goes on.
 */
import type { Page } from 'playwright-core';
import { screenWalk, seedFullGameNight, SIZES } from './screens-kit';
import { addDays, slotsFor, todayIn } from '@cafe/contracts';
import { cafeClockAt } from '../e2e/support/test-clock';
import { pageFetch, signInAsStaff } from '../e2e/support/staff';
import { fillDate, isNarrow, openSection, openView } from '../e2e/support/dashboard';

const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const STRANGER = 'stranger@example.com';
const today = todayIn(ZONE);
const screens = screenWalk('staff');
const { failed, snap, step } = screens;

async function section(page: Page, label: string, id: string): Promise<void> {
  await openSection(page, label);
  await page.locator(`#admin-panel-${id}`).first().waitFor();
  await page
    .locator(`#admin-panel-${id} .bp6-spinner`)
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

const CSV_HEADER =
  'objectname,objectid,own,minplayers,maxplayers,playingtime,minplaytime,maxplaytime,avgweight,yearpublished,bggbestplayers,bggrecagerange';
const csv = [
  CSV_HEADER,
  ...Array.from({ length: 8 }, (_, i) => `"Shelf Game ${i + 1}",${910000 + i},${i < 6 ? 1 : 0},2,4,45,30,60,2.1,2015,4,10+`),
].join('\n');

/** Bookings, parties and an event with a waitlist, made once through the API. */
async function seed(page: Page): Promise<{ table: string; party: string; pending: string }> {
  const slots = slotsFor(today);
  const late = slots.slice(-3);
  const tomorrow = addDays(today, 1);
  const table = 'Tomas Table';
  const party = 'Petra Party';
  const pending = 'Pia Pending';
  const posts: [string, unknown][] = [
    ['/api/reservations', { name: table, email: 'tomas@example.com', phone: '(414) 555-0101', partySize: 4, date: today, time: late[0] }],
    [
      '/api/reservations',
      { name: 'Rosa Reyes', email: 'rosa@example.com', phone: '(414) 555-0102', partySize: 2, date: today, time: late[1] },
    ],
    [
      '/api/party-bookings',
      {
        name: party,
        email: 'petra@example.com',
        phone: '(414) 555-0103',
        eventType: 'birthday',
        partySize: 12,
        date: today,
        time: late[2],
      },
    ],
    [
      '/api/party-bookings',
      {
        name: pending,
        email: 'pia@example.com',
        phone: '(414) 555-0104',
        eventType: 'birthday',
        partySize: 8,
        date: tomorrow,
        time: '18:00',
      },
    ],
    [
      '/api/reservations',
      { name: 'Wes Week', email: 'wes@example.com', phone: '(414) 555-0105', partySize: 3, date: addDays(today, 2), time: '18:00' },
    ],
  ];
  for (const [path, body] of posts) {
    const res = await pageFetch<{ id: string; version: number }>(page, 'POST', path, body);
    if (res.status !== 201) failed.push(`seed ${path} ${JSON.stringify(body).slice(0, 40)}: ${res.status}`);
    else if ((body as { name: string }).name === party) {
      const { id, version } = res.json;
      await page.evaluate(
        ({ id, version }) =>
          fetch(`/api/party-bookings/${encodeURIComponent(id)}/approve`, {
            method: 'PATCH',
            credentials: 'include',
            headers: { 'content-type': 'application/json', 'if-match': `"${version}"` },
            body: JSON.stringify({ status: 'approved', adminNotes: '' }),
          }),
        { id, version },
      );
    }
  }
  await seedFullGameNight(page, page, today, failed);
  return { table, party, pending };
}

async function walk(page: Page, names: { table: string; party: string; pending: string }): Promise<void> {
  const narrow = isNarrow(page);
  await step(page, 'reservations', async () => {
    await section(page, 'Reservations', 'reservations');
    await openView(page, "Today's Reservations");
    await snap(page, 'reservations-today');
    await openView(page, 'Week View');
    // After its smooth scroll to the week header (SPEC), the picture from the page's top.
    await page.waitForTimeout(1000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'reservations-week');
    await openView(page, 'Month View');
    await snap(page, 'reservations-month');
    await openView(page, 'List View');
    // Its first page in (a shot taken earlier once showed the header unpainted).
    await page.locator('.list-day-header').first().waitFor();
    await page.waitForTimeout(500);
    await snap(page, 'reservations-list');
  });
  await step(page, 'filters', async () => {
    await page
      .getByRole('button', { name: /^Filters/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await snap(page, 'dialog-filters');
    await page.keyboard.press('Escape');
  });
  await step(page, 'add-reservation', async () => {
    await openView(page, "Today's Reservations");
    await page.getByRole('button', { name: '+ Add' }).click();
    const form = page.getByRole('form', { name: 'Add New Reservation' });
    await form.locator('#add-reservation-name').waitFor();
    await snap(page, 'dialog-add-reservation');
    await form.getByRole('button', { name: 'Create Reservation' }).click();
    await form.locator('.error-summary').waitFor();
    await snap(page, 'dialog-add-reservation-empty-submit');
    await form.getByRole('button', { name: 'Close' }).click();
  });
  await step(page, 'walk-in', async () => {
    await page.getByRole('button', { name: 'Walk-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Walk-in' });
    await dialog.getByRole('button', { name: '4 guests' }).click();
    await snap(page, 'dialog-walk-in');
    await dialog.locator('.dialog-actions').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
  await step(page, 'edit-reservation', async () => {
    await page.locator('.booking-table tr', { hasText: names.table }).getByRole('button', { name: 'Edit' }).first().click();
    const dialog = page.getByRole('dialog').first();
    await dialog.waitFor();
    await snap(page, 'dialog-edit-reservation');
    await dialog.getByRole('tab', { name: 'History' }).click();
    await snap(page, 'dialog-history');
    await dialog.getByRole('tab', { name: 'Guest' }).click();
    await dialog.getByRole('tabpanel').last().waitFor();
    await snap(page, 'dialog-guest');
    await dialog.getByRole('tab').first().click();
    await dialog.getByRole('button', { name: 'Cancel reservation' }).click();
    await page.locator('.bp6-alert').waitFor();
    await snap(page, 'confirm-cancel-reservation');
    await page
      .locator('.bp6-alert')
      .getByRole('button')
      .last()
      .click()
      .catch(() => undefined);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });
  await step(page, 'search', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Search bookings by name, e-mail or phone').fill('Petra');
    await page.locator('.search-hit').first().waitFor();
    await snap(page, 'search-results');
    await page.getByLabel('Search bookings by name, e-mail or phone').fill('');
    // The search closed and let go, so the next screen is taken without its list or the focus in it.
    await page.keyboard.press('Escape');
    await page.locator('.search-hit').first().waitFor({ state: 'detached' });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  });
  await step(page, 'parties', async () => {
    await section(page, 'Parties', 'parties');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'parties');
    await page.getByRole('button', { name: `Approve or reject ${names.pending}'s party` }).click();
    await page.getByRole('dialog').waitFor();
    await snap(page, 'dialog-party-decision');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Edit ${names.pending}'s party` }).click();
    await page.getByRole('dialog', { name: 'Edit Party Booking' }).waitFor();
    await snap(page, 'dialog-party-edit');
    await page.keyboard.press('Escape');
  });
  await step(page, 'blocked-dates', async () => {
    await section(page, 'Blocked Dates', 'blocked-dates');
    await snap(page, 'blocked-dates');
    await page.getByRole('button', { name: 'Block Date' }).click();
    await page.getByRole('form', { name: 'Block a date' }).waitFor();
    await snap(page, 'dialog-block-date');
    await page.keyboard.press('Escape');
    await page
      .getByRole('form', { name: 'Block a date' })
      .getByRole('button', { name: 'Cancel' })
      .click()
      .catch(() => undefined);
    await page.getByRole('button', { name: 'Block Range' }).click();
    const form = page.getByRole('form', { name: 'Block a range of dates' });
    await fillDate(page, form.locator('#range-from'), today);
    await fillDate(page, form.locator('#range-to'), addDays(today, 2));
    await form
      .locator('.range-impact, .range-impact-hint')
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
    await snap(page, 'dialog-block-range-preview');
    await form.getByRole('button', { name: 'Close' }).click();
  });
  await step(page, 'menu', async () => {
    await section(page, 'Menu', 'menu');
    await snap(page, 'menu');
    await page.getByRole('button', { name: 'Add Item', exact: true }).first().click();
    await page.getByRole('dialog').waitFor();
    await snap(page, 'dialog-menu-item');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add Category' }).first().click();
    await page.getByRole('dialog', { name: 'Add Category' }).waitFor();
    await snap(page, 'dialog-category');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // An item's Delete asks first (a category's with items only says why it cannot).
    const items = page.getByRole('region', { name: / items$/ }).first();
    await items
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await page.locator('.bp6-alert').waitFor();
    await snap(page, 'confirm-delete');
    await page.locator('.bp6-alert').getByRole('button', { name: 'Cancel' }).click();
  });
  await step(page, 'games', async () => {
    await section(page, 'Games', 'games');
    await snap(page, 'games');
    await page.getByRole('button', { name: 'Add Game' }).click();
    await page.getByRole('dialog').waitFor();
    await snap(page, 'dialog-game');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page
      .getByLabel('BoardGameGeek collection CSV')
      .setInputFiles({ name: 'collection.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const counts = page.locator('.games-import-counts');
    await counts.waitFor();
    await counts.scrollIntoViewIfNeeded();
    await snap(page, 'games-import-preview');
  });
  await step(page, 'events', async () => {
    await section(page, 'Events', 'events');
    await snap(page, 'events');
    await page.getByRole('button', { name: 'Sign-ups: Final Table Night' }).first().click();
    await page.getByRole('region', { name: 'Sign-ups: Final Table Night' }).scrollIntoViewIfNeeded();
    await snap(page, 'events-sign-ups');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await page.getByRole('dialog').waitFor();
    await snap(page, 'dialog-event');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  });
  for (const [label, id] of [
    ['Open Tables', 'open-tables'],
    ['Gallery', 'gallery'],
    ['Business Info', 'business-info'],
    ['Admin Access', 'admin-access'],
    ['Reports', 'reports'],
    ['System', 'system'],
  ] as const) {
    await step(page, id, async () => {
      await section(page, label, id);
      await snap(page, id);
      if (id === 'business-info') {
        await page.getByRole('button', { name: 'Add holiday hours' }).click();
        await page.locator('#holiday-0-date').scrollIntoViewIfNeeded();
        await snap(page, 'business-info-holiday');
        await page.goto(page.url()); // leave the change unsaved
      }
      if (id === 'system') {
        await page.getByRole('button', { name: 'Rebuild all' }).click();
        await page.locator('.bp6-alert').waitFor();
        await snap(page, 'confirm-rebuild');
        await page.locator('.bp6-alert').getByRole('button', { name: 'Cancel' }).click();
      }
    });
  }
  await step(page, 'toast', async () => {
    await section(page, 'Admin Access', 'admin-access');
    const email = `friend.${page.viewportSize()!.width}@example.com`;
    await page.locator('#admin-panel-admin-access input').first().fill(email);
    await page.getByRole('button', { name: 'Add Email' }).click();
    await page.locator('.bp6-toast').first().waitFor();
    await snap(page, 'toast');
  });
  await step(page, 'day-sheet', async () => {
    await page.goto(`${new URL(page.url()).origin}/admin/day-sheet?date=${today}`);
    await page.locator('.day-sheet-table, .day-sheet').first().waitFor();
    await snap(page, 'day-sheet');
  });
  await step(page, 'gallery-management', async () => {
    await page.goto(`${new URL(page.url()).origin}/admin/gallery-management`);
    await page.locator('#admin-panel-gallery').first().waitFor();
    // Its management state: the featured images in their order, with their move buttons, and the grid below.
    await page.locator('.gallery-featured').first().waitFor();
    await page.evaluate(() => document.getElementById('gallery-featured-title')?.scrollIntoView({ block: 'start' }));
    await snap(page, 'gallery-management');
  });
  void narrow;
}

// Today's bookings at its last slots: the café's day starts at 9 AM, before them (a passed time is refused).
await screens.run({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE, ...cafeClockAt(today, '09:00', ZONE) }, async (browser, server) => {
  const pages = [];
  for (const viewport of SIZES) pages.push((await signInAsStaff(browser, server.url, OWNER, viewport)).page);
  // Today before anything is booked (the demo café may already hold some).
  for (const page of pages) {
    await step(page, 'today-empty', async () => {
      await openView(page, "Today's Reservations");
      await snap(page, 'reservations-today-empty');
    });
  }
  const names = await seed(pages[0]!);
  for (const page of pages) {
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await walk(page, names);
  }
  // Signed in but not on the whitelist: the gallery tools' Access Denied card.
  for (const viewport of SIZES) {
    const { page, context } = await signInAsStaff(browser, server.url, STRANGER, viewport).catch(async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/login`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(STRANGER);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForLoadState('networkidle');
      return { page, context };
    });
    await step(page, 'gallery-denied', async () => {
      await snap(page, 'denied');
      await page.goto(`${server.url}/admin/gallery-management`);
      await page.getByText('Access Denied').first().waitFor();
      await snap(page, 'gallery-access-denied');
    });
    await context.close();
  }
});
