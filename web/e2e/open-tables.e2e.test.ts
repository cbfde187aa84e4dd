import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, todayIn, weekdayOf } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch } from './support/staff';
import { SCREENSHOTS } from './support/dashboard';
import { manageLinkFromOutbox } from './support/outbox';
import { axeViolations } from './support/axe';
import { picture } from './support/picture';

/**
 * Open tables in a real browser at 390×844 and 1440×900: a host opens their reservation's table from
 * the link in their confirmation e-mail (read out of the embedded outbox), a visitor finds it on
 * /open-tables (the host's first name only), asks to join, and the host accepts from their page.
 */
const ZONE = 'America/Chicago';
/** The second Saturday after today: clear of the demo seed's bookings, and the café is open from 11. */
const saturday = (() => {
  let d = addDays(todayIn(ZONE), 8);
  while (weekdayOf(d) !== 6) d = addDays(d, 1);
  return d;
})();
const SIZES = [
  { width: 390, height: 844, time: '18:00', label: '6:00 PM' },
  { width: 1440, height: 900, time: '19:00', label: '7:00 PM' },
] as const;

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** The element is visible and wholly inside the viewport: what the user sees without scrolling. */
async function expectInView(page: Page, locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

describe.each(SIZES)('open tables at $width×$height', ({ width, height, time, label }) => {
  const host = { first: width < 768 ? 'Grace' : 'Alan', email: `host.${width}@example.com` };
  const joiner = { name: `Joan Joiner ${width}`, email: `joan.${width}@example.com` };
  let hostCtx: BrowserContext;
  let hostPage: Page;
  let visitorCtx: BrowserContext;
  let visitor: Page;
  let hostLink = '';
  let manageLink = '';

  beforeAll(async () => {
    hostCtx = await chromium.browser.newContext({ viewport: { width, height } });
    hostPage = await hostCtx.newPage();
    visitorCtx = await chromium.browser.newContext({ viewport: { width, height } });
    visitor = await visitorCtx.newPage();
    await hostPage.goto(`${server.url}/`);
    const booked = await pageFetch<{ id: string }>(hostPage, 'POST', '/api/reservations', {
      name: `${host.first} Secretsurname`,
      email: host.email,
      phone: '(262) 555-0100',
      partySize: 4,
      date: saturday,
      time,
    });
    expect(booked.status).toBe(201);
    manageLink = await manageLinkFromOutbox(server.dataDir, host.email);
    const manage = new URL(manageLink);
    hostLink = `${server.url}/open-tables/host?token=${manage.searchParams.get('token')}`;
  });

  afterAll(async () => {
    await hostCtx?.close();
    await visitorCtx?.close();
  });

  it('the host opens their table from their booking link: a game and 2 seats to share', async () => {
    // From the booking's own page (the confirmation e-mail's link) to the open-table page.
    await hostPage.goto(manageLink);
    const toOpen = hostPage.getByRole('link', { name: 'Open your table to new players' });
    await expectInView(hostPage, toOpen);
    await toOpen.click();
    await hostPage.waitForURL(hostLink);
    await hostPage.getByRole('heading', { name: 'Open your table to new players' }).waitFor();
    await hostPage.getByLabel('Game or kind of game').fill('Wingspan');
    await hostPage.getByLabel('Seats to share').selectOption('2');
    const open = hostPage.getByRole('button', { name: 'Open my table' });
    await expectInView(hostPage, open);
    await open.click();
    await expectInView(hostPage, hostPage.getByRole('heading', { name: 'Wingspan: 2 of 2 seats free' }));
    await expect(hostPage.getByText('No requests yet').isVisible()).resolves.toBe(true);
  });

  it('a visitor finds it on /open-tables from the public site: the host’s first name only', async () => {
    await visitor.goto(`${server.url}/`);
    const footerLink = visitor.getByRole('link', { name: 'Open tables: join a game' });
    await footerLink.scrollIntoViewIfNeeded();
    await footerLink.click();
    await visitor.waitForURL(`${server.url}/open-tables`);
    await visitor.goto(`${server.url}/open-tables?date=${saturday}`);
    const card = visitor.getByRole('article', { name: 'Wingspan' }).filter({ hasText: label });
    await expectInView(visitor, card);
    await expect(card.textContent()).resolves.toContain(`Hosted by ${host.first}`);
    await expect(card.textContent()).resolves.toContain('2 seats free of 2');
    const page = await visitor.content();
    for (const secret of ['Secretsurname', host.email, '555-0100']) expect(page).not.toContain(secret);
    await visitor.waitForTimeout(200);
    await picture(visitor, { path: join(SCREENSHOTS, `open-tables-list-${width}x${height}.png`), fullPage: false });
    expect(await axeViolations(visitor)).toEqual([]);
  });

  it('asks to join with name, e-mail and party size, and is told the host answers by e-mail', async () => {
    const card = visitor.getByRole('article', { name: 'Wingspan' }).filter({ hasText: label });
    await card.getByRole('button', { name: 'Ask to join' }).click();
    const form = card.getByRole('form', { name: 'Ask to join Wingspan' });
    await form.getByLabel('Your name').fill(joiner.name);
    await form.getByLabel('Email').fill(joiner.email);
    await form.getByLabel('How many of you').selectOption('1');
    await expectInView(visitor, form.getByRole('button', { name: 'Send request' }));
    await picture(visitor, { path: join(SCREENSHOTS, `open-tables-join-form-${width}x${height}.png`) });
    await form.getByRole('button', { name: 'Send request' }).click();
    await expectInView(visitor, card.getByText('Request sent! The host will answer by e-mail.'));
  });

  it('the host accepts from their page; the listing shows one seat fewer', async () => {
    await hostPage.reload();
    const accept = hostPage.getByRole('button', { name: `Accept ${joiner.name}` });
    await expectInView(hostPage, accept);
    await picture(hostPage, { path: join(SCREENSHOTS, `open-tables-host-${width}x${height}.png`) });
    expect(await axeViolations(hostPage)).toEqual([]);
    await accept.click();
    await expectInView(hostPage, hostPage.getByRole('heading', { name: 'Wingspan: 1 of 2 seats free' }));
    await expect(hostPage.locator('.host-table-requests li', { hasText: joiner.name }).getByText('Accepted').isVisible()).resolves.toBe(
      true,
    );
    await visitor.goto(`${server.url}/open-tables?date=${saturday}`);
    const card = visitor.getByRole('article', { name: 'Wingspan' }).filter({ hasText: label });
    await expectInView(visitor, card);
    await expect.poll(() => card.textContent()).toContain('1 seat free of 2');
  });
});
