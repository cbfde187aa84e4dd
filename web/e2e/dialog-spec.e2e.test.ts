import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { cafeClockAt } from './support/test-clock';
import { pageFetch, signInAsStaff } from './support/staff';
import { bookAsGuest } from './support/bookings';
import { openSection, openView, SCREENSHOTS } from './support/dashboard';
import { settled } from './support/settled';
import { picture } from './support/picture';

/**
 * One dialog by one hand (issue 27, styles/README.md "dialog"), at 1440×900 and 390×844: every staff
 * dialog (booking, filters, walk-in, range, menu, game, event) and the public party dialog has the booking
 * dialog's frame: the same title, the same body and footer padding, "Close" as its one way out without
 * saving (never "Cancel"), and Close left of the primary action, all on screen. And the Reports title sits
 * one step of the spacing scale above its dates, as every section's does.
 */
const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
const SCALE = [4, 8, 12, 16, 24, 32, 48];

const SIZES = [
  { width: 1440, height: 900, label: 'desktop' },
  { width: 390, height: 844, label: 'phone' },
] as const;

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

interface Frame {
  title: { size: string; family: string; left: number };
  body: { left: number; right: number; top: number };
  footer: { left: number; right: number; top: number; bottom: number };
  /** The footer's buttons, left to right, and which of them carry an intent. */
  buttons: string[];
  last: string;
  inView: boolean;
}

/** What a user sees of a dialog's frame: title, paddings (measured from the dialog's edge), footer. */
async function frameOf(dialog: Locator): Promise<Frame> {
  await settled(dialog.page());
  return dialog.evaluate((el) => {
    const box = (n: Element) => n.getBoundingClientRect();
    const px = (n: Element, p: string) => parseFloat(getComputedStyle(n).getPropertyValue(p));
    const d = box(el);
    const title = el.querySelector('.bp6-dialog-header .bp6-heading')!;
    const body = el.querySelector('.bp6-dialog-body')!;
    const footer = el.querySelector('.dialog-actions')!;
    const buttons = [...footer.querySelectorAll('button')];
    const last = buttons.at(-1)!;
    return {
      title: {
        size: getComputedStyle(title).fontSize,
        family: getComputedStyle(title).fontFamily,
        left: Math.round(box(title).left - d.left),
      },
      body: { left: px(body, 'padding-left'), right: px(body, 'padding-right'), top: px(body, 'padding-top') },
      footer: {
        left: px(footer, 'padding-left'),
        right: px(footer, 'padding-right'),
        top: px(footer, 'padding-top'),
        bottom: px(footer, 'padding-bottom'),
      },
      buttons: buttons.map((b) => b.innerText.trim()),
      last: [...last.classList].find((c) => /^bp6-intent-/.test(c)) ?? 'none',
      inView: buttons.every((b) => {
        const r = box(b);
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      }),
    };
  });
}

describe.each(SIZES)('one dialog at $width×$height', ({ width, height, label }) => {
  let staff: BrowserContext;
  let page: Page;
  let reference: Frame;
  const table = `Tomas Table ${label}`;
  const party = `Petra Party ${label}`;

  const look = async (what: string) => {
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `look-dialog-${what}-${width}x${height}.png`) });
  };

  /** The dialog has the booking dialog's frame; Close is its one way out, left of the primary action. */
  const expectSameFrame = async (name: string, what: string) => {
    const dialog = page.getByRole('dialog', { name });
    await dialog.locator('.dialog-actions').waitFor();
    const frame = await frameOf(dialog);
    await look(what);
    expect({ ...frame, buttons: undefined, last: undefined }, name).toEqual({ ...reference, buttons: undefined, last: undefined });
    expect(
      frame.buttons.filter((b) => b === 'Close'),
      name,
    ).toEqual(['Close']);
    expect(frame.buttons, name).not.toContain('Cancel');
    const close = frame.buttons.indexOf('Close');
    expect(close, `${name}: Close before the action`).toBeLessThan(frame.buttons.length - 1);
    expect(['bp6-intent-primary', 'bp6-intent-success', 'bp6-intent-danger'], `${name}: the action on the right`).toContain(frame.last);
    if (width < 768) {
      const box = (await dialog.boundingBox())!;
      expect(Math.round(box.width), `${name} fills the phone's width`).toBe(width);
    }
    await dialog.locator('.dialog-actions').getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    ({ context: staff, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height }));
    // A party request and a table for today, as the public forms post them.
    await bookAsGuest(page, { name: party, email: `petra.${label}@example.com`, date: today, time: '19:00', party: true });
    await bookAsGuest(page, { name: table, email: `tomas.${label}@example.com`, date: today, time: '18:00', party: false });
  }, 120_000);
  afterAll(async () => {
    await staff?.close();
  });

  it('the booking dialog sets the frame: serif title at --text-dialog-title, 24 px sides, Close then the primary action', async () => {
    await page.goto(`${server.url}/admin?section=reservations`);
    await page.getByRole('button', { name: '+ Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Reservation' });
    await dialog.locator('.dialog-actions').waitFor();
    reference = await frameOf(dialog);
    await look('add-reservation');
    expect(reference.title.size).toBe('22px');
    expect(reference.title.family).toMatch(/Iowan|Palatino|Georgia|serif/);
    expect(reference.body).toEqual({ left: 24, right: 24, top: 16 });
    expect(reference.title.left).toBe(24);
    // On a phone the footer is compact: its 44 px buttons sit --space-2 from its edges.
    expect(reference.footer).toEqual(
      width < 768 ? { left: 24, right: 24, top: 8, bottom: 8 } : { left: 24, right: 24, top: 12, bottom: 16 },
    );
    expect(reference.buttons).toEqual(['Close', 'Create Reservation']);
    expect(reference.last).toBe('bp6-intent-primary');
    expect(reference.inView).toBe(true);
    await dialog.locator('.dialog-actions').getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('every other booking dialog: Edit Reservation, Filters, Walk-in, Approve/Reject, Block a date range', async () => {
    await page.goto(`${server.url}/admin?section=reservations`);
    await openView(page, 'List View');
    await page.getByRole('button', { name: `Edit ${table}'s reservation` }).click();
    await expectSameFrame('Edit Reservation', 'edit-reservation');
    await openView(page, "Today's Reservations");
    await page.getByRole('button', { name: 'Filters' }).click();
    await expectSameFrame('Filter Reservations', 'filters');
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await page.getByRole('button', { name: '2 guests' }).click();
    await expectSameFrame('Add Walk-in', 'walk-in');

    await openSection(page, 'Parties');
    await page.getByRole('button', { name: `Approve or reject ${party}'s party` }).click();
    await expectSameFrame('Approve/Reject Party Booking', 'party-decision');

    await openSection(page, 'Blocked Dates');
    await page.getByRole('button', { name: 'Block Range' }).click();
    await expectSameFrame('Block a date range', 'block-range');
  });

  it('the content dialogs: menu category and item, game, event', async () => {
    await page.goto(`${server.url}/admin?section=menu`);
    await page.getByRole('button', { name: 'Add Category' }).first().click();
    await expectSameFrame('Add Category', 'category');
    await page.getByRole('button', { name: 'Add Item', exact: true }).first().click();
    await expectSameFrame('Add Menu Item', 'menu-item');
    await openSection(page, 'Games');
    await page.getByRole('button', { name: 'Add Game' }).click();
    await expectSameFrame('Add Game', 'game');
    await openSection(page, 'Events');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expectSameFrame('Add Event', 'event');
  });

  it("the public party dialog: the staff dialogs' title, padding and Close", async () => {
    // A visitor in a window of their own, not a tab beside the staff page the next tests use.
    const visitorCtx = await chromium.browser.newContext({ viewport: { width, height } });
    const visitor = await visitorCtx.newPage();
    try {
      await visitor.goto(`${server.url}/#parties`);
      await visitor.getByRole('button', { name: 'Book Your Party' }).first().click();
      const dialog = visitor.getByRole('dialog', { name: 'Book Your Party' });
      await dialog.locator('.dialog-actions').waitFor();
      const frame = await frameOf(dialog);
      expect(frame.title).toEqual(reference.title);
      expect(frame.body).toEqual(reference.body);
      expect(frame.footer).toEqual(reference.footer);
      expect(frame.buttons).toEqual(['Close', 'Submit Request']);
      expect(frame.inView).toBe(true);
      if (width < 768) expect(Math.round((await dialog.boundingBox())!.width)).toBe(width);
      await picture(visitor, { path: join(SCREENSHOTS, `look-dialog-public-party-${width}x${height}.png`) });
    } finally {
      await visitorCtx.close();
    }
  });

  it("Edit Reservation's History and Guest tabs end in the footer's Close, and the title stays put as the tabs change", async () => {
    await page.goto(`${server.url}/admin?section=reservations`);
    await openView(page, 'List View');
    await page.getByRole('button', { name: `Edit ${table}'s reservation` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Reservation' });
    await dialog.locator('.dialog-actions').waitFor();
    await settled(page);
    const titleTop = async () => Math.round((await dialog.locator('.bp6-dialog-header').boundingBox())!.y);
    const top = await titleTop();
    for (const tab of ['History', 'Guest']) {
      await dialog.getByRole('tab', { name: tab }).click();
      const footer = dialog.getByRole('tabpanel').locator('.dialog-actions');
      await footer.waitFor();
      const frame = await frameOf(dialog);
      await look(`edit-reservation-${tab.toLowerCase()}`);
      expect(frame.buttons, tab).toEqual(['Close']);
      expect(frame.last, `${tab}: Close is the primary`).toBe('bp6-intent-primary');
      expect(frame.footer, tab).toEqual(reference.footer);
      expect(frame.inView, tab).toBe(true);
      expect(await titleTop(), `${tab}: the title does not move`).toBe(top);
      if (width < 768) expect((await footer.getByRole('button', { name: 'Close' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await dialog.getByRole('tabpanel').locator('.dialog-actions').getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("the public event waitlist dialog: the sign-up dialog's frame, Close, buttons a thumb's height on a phone", async () => {
    const title = `Full House ${label}`;
    const date = addDays(today, 4);
    const event = await pageFetch<{ id: string }>(page, 'POST', '/api/admin/events', {
      title,
      description: 'One seat only.',
      event_date: date,
      event_time: '19:00',
      price: '$10',
      max_attendees: 1,
    });
    expect(event.status).toBe(201);
    // A visitor in a window of their own, not a tab beside the staff page the next tests use.
    const visitorCtx = await chromium.browser.newContext({ viewport: { width, height } });
    const visitor = await visitorCtx.newPage();
    try {
      await visitor.goto(`${server.url}/events`);
      const signUp = await pageFetch(visitor, 'POST', `/api/events/${event.json.id}/sign-ups`, {
        date,
        name: 'Only Seat',
        email: `only.${label}@example.com`,
        phone: '(262) 555-0109',
        places: 1,
      });
      expect(signUp.status).toBeLessThan(300);
      await visitor.reload();
      await visitor.getByRole('button', { name: new RegExp(`^Join the waitlist: ${title}`) }).click();
      const dialog = visitor.getByRole('dialog', { name: `Join the waitlist: ${title}` });
      await dialog.locator('.dialog-actions').waitFor();
      const frame = await frameOf(dialog);
      await picture(visitor, { path: join(SCREENSHOTS, `look-dialog-event-waitlist-${width}x${height}.png`) });
      expect(frame.title).toEqual(reference.title);
      expect(frame.body).toEqual(reference.body);
      expect(frame.footer).toEqual(reference.footer);
      expect(frame.buttons).toEqual(['Close', 'Join the waitlist']);
      expect(frame.inView).toBe(true);
      if (width < 768) {
        for (const b of await dialog.locator('.dialog-actions button').all())
          expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
    } finally {
      await visitorCtx.close();
    }
  });

  it("Reports: the title one step of the spacing scale above the dates, as the other sections' titles", async () => {
    await page.goto(`${server.url}/admin?section=reports`);
    const grid = page.locator('.reports-grid');
    await grid.waitFor();
    const gaps = await page.evaluate(() => {
      const bottom = (s: string) => document.querySelector(s)!.getBoundingClientRect().bottom;
      const top = (s: string) => document.querySelector(s)!.getBoundingClientRect().top;
      return {
        titleToDates: Math.round(top('.report-range') - bottom('.reports-head')),
        datesToCharts: Math.round(top('.reports-grid') - bottom('.report-range')),
        titleBoxToDates: Math.round(top('.report-range') - bottom('.reports-head h2')),
      };
    });
    await settled(page);
    await picture(page, { path: join(SCREENSHOTS, `look-staff-reports-gap-${width}x${height}.png`) });
    expect(SCALE).toContain(gaps.titleToDates);
    expect(SCALE).toContain(gaps.datesToCharts);
    expect(gaps).toEqual({ titleToDates: 24, datesToCharts: 24, titleBoxToDates: gaps.titleBoxToDates });
    // On a phone the 44 px Export button, not the title, sets the head's height.
    expect(gaps.titleBoxToDates).toBeLessThanOrEqual(width < 768 ? 32 : 24);
    // The same step under Menu's title.
    await openSection(page, 'Menu');
    await page.locator('.menu-admin > h2').waitFor();
    const menuGap = await page.evaluate(() => {
      const h2 = document.querySelector('.menu-admin > h2')!.getBoundingClientRect();
      const next = document.querySelector('.menu-admin > h2 + *')!.getBoundingClientRect();
      return Math.round(next.top - h2.bottom);
    });
    expect(menuGap).toBe(gaps.titleToDates);
  });
});
