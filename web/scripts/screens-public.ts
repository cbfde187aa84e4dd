/**
 * Photographs every public and guest screen and dialog at 390×844 and 1440×900 into
 * web/screenshots/screens/public-<screen>-<w>x<h>.png (git-ignored), to look at them by eye against the
 * design system (web/src/styles/README.md). Not a test: `npx tsx web/scripts/screens-public.ts`. It starts
 * its own gateway as the browser tests do and makes its data through the public API (links from the
 * outbox). A screen that cannot be reached is reported and skipped; the run goes on.
 */
import type { Page } from 'playwright-core';
import { screenWalk, seedFullGameNight, SIZES } from './screens-kit';
import { addDays, todayIn, weekdayOf } from '@cafe/contracts';
import type { RunningServer } from '../e2e/support/server';
import { manageLinkFromOutbox, outboxMailsTo } from '../e2e/support/outbox';
import { pageFetch, signInAsStaff } from '../e2e/support/staff';

const ZONE = 'America/Chicago';
const OWNER = 'owner@example.com';
const today = todayIn(ZONE);
/** The second Saturday after today: clear of the demo seed's bookings, open from 11. */
const saturday = (() => {
  let d = addDays(today, 8);
  while (weekdayOf(d) !== 6) d = addDays(d, 1);
  return d;
})();
const emptyDay = addDays(saturday, 14);
const screens = screenWalk('public');
const { failed, snap, step } = screens;

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function signUpLink(server: RunningServer, to: string): Promise<string> {
  for (let tries = 0; tries < 75; tries++) {
    const mail = (await outboxMailsTo(server.dataDir, to)).reverse()[0];
    const link = /(https?:\/\/\S+\/my-event-sign-up\?token=[\w.-]+)/.exec(mail?.text ?? '')?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-up link mailed to ${to}`);
}

interface Links {
  manage: string;
  usedManage: string;
  host: string;
  signUp: string;
  usedSignUp: string;
}

/** Events (one full with its waitlist), an open table, booking and sign-up links, made once. */
async function seed(server: RunningServer, staff: Page, guest: Page): Promise<Links> {
  await guest.goto(`${server.url}/`);
  await seedFullGameNight(staff, guest, today, failed);
  const signUp = await signUpLink(server, 'player1@example.com');
  const usedSignUp = await signUpLink(server, 'player2@example.com');
  await pageFetch(guest, 'DELETE', `/api/event-sign-ups/${encodeURIComponent(new URL(usedSignUp).searchParams.get('token') ?? '')}`).catch(
    () => undefined,
  );
  const book = async (name: string, email: string, time: string) => {
    const res = await pageFetch(guest, 'POST', '/api/reservations', {
      name,
      email,
      phone: '(414) 555-0142',
      partySize: 4,
      date: saturday,
      time,
    });
    if (res.status !== 201) failed.push(`seed booking ${name}: ${res.status}`);
    return manageLinkFromOutbox(server.dataDir, email);
  };
  const manage = await book('Hana Host', 'hana@example.com', '18:00');
  const usedManage = await book('Uma Used', 'uma@example.com', '19:00');
  const usedToken = new URL(usedManage).searchParams.get('token')!;
  await pageFetch(guest, 'DELETE', `/api/guest-bookings/${encodeURIComponent(usedToken)}`);
  const tableLink = await book('Otto Open', 'otto@example.com', '17:00');
  const host = `${server.url}/open-tables/host?token=${new URL(tableLink).searchParams.get('token')}`;
  await guest.goto(host);
  await guest.getByLabel('Game or kind of game').fill('Wingspan');
  await guest.getByLabel('Seats to share').selectOption('2');
  await guest.getByRole('button', { name: 'Open my table' }).click();
  await guest.getByRole('heading', { name: /Wingspan: / }).waitFor();
  return { manage, usedManage, host, signUp, usedSignUp };
}

async function landing(page: Page, url: string): Promise<void> {
  await step(page, 'landing', async () => {
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await snap(page, 'landing-top');
    for (const id of ['about', 'menu', 'parties', 'reservations', 'events', 'gallery', 'reviews', 'contact']) {
      // The section's top just under the fixed top bar, as the Explore links land it.
      await page.evaluate((id) => {
        const top = document.getElementById(id)?.getBoundingClientRect().top ?? 0;
        const bar = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
        window.scrollTo(0, window.scrollY + top - bar);
      }, id);
      await page.waitForTimeout(300);
      await snap(page, `landing-${id}`);
    }
    // The footer's top (its "Visit us" kicker) just under the top bar, as far as the page scrolls.
    await page.evaluate(() => document.querySelector('footer')?.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await snap(page, 'landing-footer');
  });
  await step(page, 'full-menu', async () => {
    await page.getByRole('button', { name: 'View full menu' }).click();
    const full = page.locator('#menu .full-menu-grid');
    await full.locator('.full-menu-category').first().waitFor();
    // The opened menu from its toggle down, below the top bar (the page's scroll-padding).
    await page.evaluate(() => document.querySelector('#menu .full-menu-toggle')?.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await snap(page, 'menu-full');
  });
  await step(page, 'reservation', async () => {
    await page.goto(`${url}/#reservations`, { waitUntil: 'networkidle' });
    const form = page.locator('#reservations form').first();
    await form.locator('#reservation-name').waitFor();
    await form.getByRole('button', { name: 'Reserve Table' }).click();
    await form.locator('#reservation-name-error').waitFor();
    await form.locator('#reservation-name').scrollIntoViewIfNeeded();
    await snap(page, 'reservation-empty-submit');
    const width = page.viewportSize()!.width;
    await form.locator('#reservation-name').fill('Rita Reserve');
    await form.locator('#reservation-email').fill(`rita.${width}@example.com`);
    await form.locator('#reservation-phone').pressSequentially('4145550100');
    await form.locator('#reservation-date').click();
    await form.locator('#reservation-date').fill(usDate(saturday));
    await form.locator('#reservation-date').press('Enter');
    await form.locator('#reservation-time').selectOption({ index: width < 768 ? 3 : 4 });
    await form.getByRole('button', { name: 'Reserve Table' }).click();
    await page.getByRole('dialog', { name: 'Reservation Confirmed!' }).waitFor();
    await snap(page, 'dialog-reservation-confirmed');
  });
  await step(page, 'party', async () => {
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    // As a visitor arrives at the section (its title below the top bar), then opens the dialog.
    await page.evaluate(() => document.querySelector('#parties .eyebrow')?.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.locator('#parties').getByRole('button', { name: 'Book Your Party' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Party' });
    await dialog.locator('#party-name').waitFor();
    await snap(page, 'dialog-party');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.locator('#party-name-error').waitFor();
    await snap(page, 'dialog-party-empty-submit');
    const width = page.viewportSize()!.width;
    await dialog.locator('#party-name').fill('Pam Party');
    await dialog.locator('#party-email').fill(`pam.${width}@example.com`);
    await dialog.locator('#party-phone').pressSequentially('4145550111');
    await dialog.locator('#party-event-type').selectOption('birthday');
    await dialog
      .locator('#party-size')
      .fill('12')
      .catch(() => undefined);
    await dialog.locator('#party-date').click();
    await dialog.locator('#party-date').fill(usDate(addDays(saturday, 7)));
    await dialog.locator('#party-date').press('Enter');
    await dialog.locator('#party-time').selectOption({ index: width < 768 ? 3 : 4 });
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Party Booking Submitted!').first().waitFor();
    await snap(page, 'dialog-party-success');
    await page.keyboard.press('Escape');
  });
  await step(page, 'gallery-viewer', async () => {
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const first = page.getByRole('button', { name: /Open photo 1 of/ });
    await first.scrollIntoViewIfNeeded();
    await first.click();
    await page.getByRole('dialog', { name: 'Photo viewer' }).waitFor();
    await page.waitForTimeout(500);
    await snap(page, 'gallery-viewer');
    await page.keyboard.press('Escape');
  });
}

async function pages(page: Page, url: string, links: Links): Promise<void> {
  const go = async (screen: string, path: string, ready: () => Promise<unknown>) =>
    step(page, screen, async () => {
      await page.goto(path.startsWith('http') ? path : `${url}${path}`, { waitUntil: 'networkidle' });
      await ready();
      await snap(page, screen);
    });
  await go('events', '/events', () => page.getByRole('heading', { level: 1, name: 'Upcoming events' }).waitFor());
  await step(page, 'events-dialogs', async () => {
    await page
      .getByRole('button', { name: /^Sign up:/ })
      .first()
      .click();
    const signUp = page.getByRole('form', { name: 'Sign up' });
    await signUp.waitFor();
    await snap(page, 'dialog-event-sign-up');

    await page.keyboard.press('Escape');
    await page.locator('.bp6-dialog').waitFor({ state: 'detached' });
    const full = page.locator('.event-dates li.is-full').first();
    await full.scrollIntoViewIfNeeded();
    await snap(page, 'events-full');
    await full.getByRole('button', { name: /^Join the waitlist:/ }).click();
    await page.getByRole('form', { name: 'Join the waitlist' }).waitFor();
    await snap(page, 'dialog-event-waitlist');
    await page.keyboard.press('Escape');
  });
  await go('my-sign-up', links.signUp, () => page.getByRole('button', { name: 'Cancel my sign-up' }).waitFor());
  await go('my-sign-up-used', links.usedSignUp, () => page.locator('.my-sign-up-card, .bp6-callout').first().waitFor());
  await go('my-sign-up-invalid', '/my-event-sign-up?token=nonsense', () => page.getByRole('link', { name: 'See all events' }).waitFor());
  await go('games', '/games', () => page.getByRole('heading', { level: 1, name: 'Game library' }).waitFor());
  await step(page, 'game', async () => {
    await page.locator('main a[href^="/games/"]').first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await snap(page, 'game');
  });
  await go('open-tables-day', `/open-tables?date=${saturday}`, () => page.getByText('Wingspan').first().waitFor());
  await go('open-tables-empty', `/open-tables?date=${emptyDay}`, () => page.getByRole('heading', { level: 1 }).waitFor());
  await go('open-tables-host', links.host, () => page.getByRole('heading', { name: /Wingspan: / }).waitFor());
  await go('my-booking', links.manage, () => page.getByRole('button', { name: 'Save Changes' }).waitFor());
  await step(page, 'my-booking-confirm-cancel', async () => {
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.locator('.bp6-alert').waitFor();
    await snap(page, 'my-booking-confirm-cancel');
    await page.locator('.bp6-alert').getByRole('button', { name: 'Keep booking' }).click();
  });
  await go('my-booking-used', links.usedManage, () => page.getByRole('heading', { name: 'This link no longer works' }).waitFor());
  await go('404', '/no-such-page', () => page.getByRole('heading', { name: '404 Page Not Found' }).waitFor());
  await go('admin-login', '/admin/login', () => page.getByRole('button', { name: 'Sign in' }).waitFor());
  await go('access-denied', '/admin/login?error=access_denied', () =>
    page.getByText('Access denied. Your email is not authorized for admin access.').waitFor(),
  );
}

await screens.run({ ADMIN_EMAILS: OWNER, BUSINESS_TIME_ZONE: ZONE }, async (browser, server) => {
  const staff = await signInAsStaff(browser, server.url, OWNER, SIZES[1]);
  const seedCtx = await browser.newContext();
  const links = await seed(server, staff.page, await seedCtx.newPage());
  await seedCtx.close();
  await staff.context.close();
  for (const viewport of SIZES) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await landing(page, server.url);
    await pages(page, server.url, links);
    await context.close();
  }
});
