import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { cafeClockAt } from './support/test-clock';
import { pageFetch, signInAsStaff } from './support/staff';
import { openSection, openView, SCREENSHOTS } from './support/dashboard';
import { settled } from './support/settled';
import { picture } from './support/picture';

/**
 * The staff side under a thumb (issue 27): on a phone every button of a list row, a section's head and a
 * confirmation is at least --row-min-h (44 px) tall, a staff dialog fills the screen, the day sheet's
 * bookings are cards that never run off the right edge; on a desktop the List View's days line up and
 * Today's arrival moves stay on one line.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const ROW_MIN_H = 44;

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  // Today's bookings at set times: the café's day starts at 9 AM, before any of them (a passed time is refused).
  server = await startServer({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE, SEED_DEMO: 'false', ...cafeClockAt(today, '09:00', ZONE) });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function look(page: Page, what: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await settled(page);
  await picture(page, { path: join(SCREENSHOTS, `staff-touch-${what}-${width}x${height}.png`) });
}

/** Every visible match's height, by its accessible name or text: each must reach --row-min-h. */
async function heights(buttons: Locator): Promise<Record<string, number>> {
  await buttons.first().waitFor();
  const out: Record<string, number> = {};
  for (const b of await buttons.all()) {
    if (!(await b.isVisible())) continue;
    const box = (await b.boundingBox())!;
    const name = (await b.getAttribute('aria-label')) ?? (await b.innerText()).trim();
    out[name] = Math.min(out[name] ?? Infinity, Math.round(box.height));
  }
  return out;
}

async function expectTall(buttons: Locator): Promise<void> {
  const found = await heights(buttons);
  expect(Object.keys(found).length).toBeGreaterThan(0);
  const short = Object.entries(found).filter(([, h]) => h < ROW_MIN_H);
  expect(short).toEqual([]);
}

/** Two reservations and a pending party today, a party tomorrow, a full event with a waitlist. */
async function seed(page: Page): Promise<void> {
  const posts: [string, Record<string, unknown>][] = [
    [
      '/api/reservations',
      { name: 'Tomas Table', email: 'tomas@example.com', phone: '(414) 555-0101', partySize: 4, date: today, time: '18:00' },
    ],
    [
      '/api/reservations',
      { name: 'Rosa Reyes', email: 'rosa@example.com', phone: '(414) 555-0102', partySize: 2, date: addDays(today, 2), time: '18:00' },
    ],
    [
      '/api/party-bookings',
      {
        name: 'Pia Pending',
        email: 'pia@example.com',
        phone: '(414) 555-0104',
        eventType: 'birthday',
        partySize: 8,
        date: today,
        time: '19:00',
      },
    ],
  ];
  for (const [path, body] of posts) expect((await pageFetch(page, 'POST', path, body)).status).toBe(201);
  const event = await pageFetch<{ id: string }>(page, 'POST', '/api/admin/events', {
    title: 'Final Table Night',
    description: 'Three seats at the final table.',
    event_date: addDays(today, 3),
    event_time: '19:00',
    price: '$10',
    max_attendees: 2,
  });
  expect(event.status).toBe(201);
  for (let n = 1; n <= 3; n++) {
    const res = await pageFetch(page, 'POST', `/api/events/${event.json.id}/sign-ups`, {
      date: addDays(today, 3),
      name: `Player ${n}`,
      email: `player${n}@example.com`,
      phone: `(262) 555-010${n}`,
      places: 1,
    });
    expect(res.status).toBe(201);
  }
}

describe('the staff side on a phone (390×844)', () => {
  let staff: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, PHONE));
    await seed(page);
  }, 120_000);
  afterAll(async () => {
    await staff?.close();
  });

  it("Today's rows: Arrived, Seated, No-show, Edit and Delete are 44 px tall, the moves on one line", async () => {
    await openSection(page, 'Reservations');
    await openView(page, "Today's Reservations");
    const row = page.locator('.booking-table tr', { hasText: 'Tomas Table' });
    await expectTall(row.locator('.arrival-moves .bp6-button'));
    await expectTall(row.getByRole('button', { name: /^(Edit|Delete)/ }));
    const tops = await row
      .locator('.arrival-moves .bp6-button')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await look(page, 'today');
  });

  it('the List View cards: Edit and Delete are 44 px tall', async () => {
    await openView(page, 'List View');
    await expectTall(page.locator('.list-day .booking-table').getByRole('button', { name: /^(Edit|Delete)/ }));
  });

  it('a staff dialog fills the phone: no strip of the page above or below it, its footer at the bottom', async () => {
    await openView(page, "Today's Reservations");
    await page.getByRole('button', { name: '+ Add' }).click();
    const dialog = page.locator('.bp6-dialog.staff-dialog');
    await dialog.locator('#add-reservation-name').waitFor();
    await settled(page);
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.y)).toBe(0);
    expect(Math.round(box.height)).toBe(PHONE.height);
    expect(Math.round(box.width)).toBe(PHONE.width);
    const footer = (await dialog.locator('.dialog-actions').boundingBox())!;
    expect(Math.round(footer.y + footer.height)).toBe(PHONE.height);
    await expectTall(dialog.locator('.dialog-actions .bp6-button'));
    await look(page, 'dialog-add');
    await dialog.locator('.dialog-actions').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Parties: Approve/Reject, Edit and Delete on one action row, 44 px tall', async () => {
    await openSection(page, 'Parties');
    const row = page.locator('.parties-table tr', { hasText: 'Pia Pending' });
    const buttons = row.locator('.row-actions .bp6-button');
    await expectTall(buttons);
    const tops = await buttons.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });

  it('Blocked Dates: Block Date, Block Range and the block card’s Close and Block Date are 44 px tall', async () => {
    await openSection(page, 'Blocked Dates');
    await expectTall(page.getByRole('button', { name: /^Block (Date|Range)$/ }));
    await page.getByRole('button', { name: 'Block Date' }).click();
    const form = page.getByRole('form', { name: 'Block a date' });
    await expectTall(form.getByRole('button', { name: /^(Close|Block Date)$/ }));
    await form.getByRole('button', { name: 'Close' }).click();
  });

  it("an event's sign-ups: Check in, Cancel and Remove are 44 px tall; the date's label is above its select", async () => {
    await openSection(page, 'Events');
    await page.getByRole('button', { name: 'Sign-ups: Final Table Night' }).click();
    const panel = page.getByRole('region', { name: 'Sign-ups: Final Table Night' });
    await expectTall(panel.getByRole('button', { name: /^(Check in|Cancel|Remove)/ }));
    const label = (await panel.locator('.event-sign-ups-date > span').boundingBox())!;
    const select = (await panel.locator('.event-sign-ups-date select').boundingBox())!;
    expect(select.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
    expect(select.x + select.width).toBeLessThanOrEqual(PHONE.width);
  });

  it('Business Info: + Add holiday hours is 44 px tall', async () => {
    await openSection(page, 'Business Info');
    await expectTall(page.getByRole('button', { name: 'Add holiday hours' }));
  });

  it('Admin Access: Remove is 44 px tall', async () => {
    await openSection(page, 'Admin Access');
    await expectTall(page.locator('.admin-row').getByRole('button', { name: /^Remove/ }));
  });

  it("System: each read model's Rebuild and the confirmation's buttons are 44 px tall; the question is a serif title", async () => {
    await openSection(page, 'System');
    await expectTall(page.getByRole('button', { name: /^Rebuild (?!all)/ }));
    await page.getByRole('button', { name: 'Rebuild all' }).click();
    const alert = page.locator('.bp6-alert');
    await alert.waitFor();
    await settled(page); // past the opening zoom
    await expectTall(alert.locator('.bp6-alert-footer .bp6-button'));
    const title = alert.getByRole('heading', { name: /from the event log\?$/ });
    expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/Palatino|Georgia|serif/);
    await look(page, 'confirm-rebuild');
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await alert.waitFor({ state: 'detached' });
  });

  it("the day sheet: each booking a card inside the screen's width, nothing to scroll sideways", async () => {
    await page.goto(`${server.url}/admin/day-sheet?date=${today}`);
    await page.locator('tr.day-sheet-row').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const outside = await page
      .locator('.day-sheet-table td')
      .evaluateAll((cells) => cells.filter((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5).map((c) => c.textContent));
    expect(outside).toEqual([]);
    await expect(page.getByRole('checkbox', { name: 'Tomas Table is here' }).isVisible()).resolves.toBe(true);
    await expectTall(page.locator('.day-sheet-toolbar .bp6-button'));
    await look(page, 'day-sheet');
  });
});

describe('the staff side on a desktop (1440×900)', () => {
  let staff: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, DESKTOP));
  }, 120_000);
  afterAll(async () => {
    await staff?.close();
  });

  it("Today's arrival moves stay on one line (No-show wrapped onto a third)", async () => {
    await openSection(page, 'Reservations');
    await openView(page, "Today's Reservations");
    const moves = page.locator('.booking-table tr', { hasText: 'Tomas Table' }).locator('.arrival-moves .bp6-button');
    await moves.first().waitFor();
    const tops = await moves.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(tops.length).toBe(3);
    expect(new Set(tops).size).toBe(1);
  });

  it("the List View's days line up: each column starts at the same x on every day", async () => {
    await openView(page, 'List View');
    await page.locator('.list-day').nth(1).waitFor();
    const starts = await page
      .locator('.list-day .booking-table')
      .evaluateAll((tables) =>
        tables.map((t) =>
          [...t.querySelectorAll('thead th')]
            .filter((th) => th.getBoundingClientRect().width > 0)
            .map((th) => Math.round(th.getBoundingClientRect().left)),
        ),
      );
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (const s of starts.slice(1)) expect(s).toEqual(starts[0]);
  });

  it('Admin Access: + Add Email on the input’s line, the card ending at the input (no empty band)', async () => {
    await page.goto(`${server.url}/admin`);
    await openSection(page, 'Admin Access');
    const input = (await page.locator('#admin-email').boundingBox())!;
    const button = (await page.getByRole('button', { name: 'Add Email' }).boundingBox())!;
    expect(Math.abs(button.y - input.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(button.y + button.height - (input.y + input.height))).toBeLessThanOrEqual(1);
    const card = (await page.locator('.bp6-card', { has: page.locator('#admin-email') }).boundingBox())!;
    expect(card.y + card.height - (input.y + input.height)).toBeLessThanOrEqual(24);
  });

  it('the day sheet sits below the window top, its check boxes Blueprint’s', async () => {
    await page.goto(`${server.url}/admin/day-sheet?date=${today}`);
    await page.locator('tr.day-sheet-row').first().waitFor();
    const top = await page.locator('.day-sheet').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(16);
    expect(await page.locator('.day-sheet-table .bp6-checkbox').count()).toBeGreaterThan(0);
    await look(page, 'day-sheet');
  });
});
