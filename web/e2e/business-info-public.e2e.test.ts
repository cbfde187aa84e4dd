import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, WEB_DIR, type RunningServer } from './support/server';
import { expectToast, openSection, SCREENSHOTS } from './support/content-dashboard';
import { pageFetch, signInAsStaff } from './support/staff';
import { fillDate } from './support/dashboard';
import { axeViolations } from './support/axe';
import { picture } from './support/picture';

/**
 * The staff change the café's business info and add an event in the dashboard, at 1440×900 and
 * 390×844, against the real gateway; a fresh visitor's page shows the new values from its very first
 * paint (the HTML the server sends, read with JavaScript off), in the footer, and the announcement
 * under the top bar until it is closed; the landing page and /events list the event, and the staff's
 * Events section flags it once its date is blocked.
 */
const OWNER = 'owner@example.com';
const VIEWPORTS = [
  { tag: 'desktop', width: 1440, height: 900 },
  { tag: 'phone', width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

let server: RunningServer;
let chromium: LaunchedBrowser;
let webCopy: string;

beforeAll(async () => {
  // A copy of the build for this server: another test run rebuilding web/dist meanwhile cannot pull the
  // page from under it. Inside web/, so the landing page's server render finds its packages.
  mkdirSync(join(WEB_DIR, '.tmp'), { recursive: true });
  webCopy = mkdtempSync(join(WEB_DIR, '.tmp', 'e2e-dist-'));
  cpSync(join(WEB_DIR, 'dist'), join(webCopy, 'dist'), { recursive: true });
  for (const file of ['landing.html', 'ssr/landing.js', 'ssr/landing-shell.html'])
    if (!existsSync(join(webCopy, 'dist', file))) throw new Error(`web/dist has no ${file}: rebuild it (npm run build -w web)`);
  server = await startServer({ ADMIN_EMAILS: OWNER, WEB_DIST: join(webCopy, 'dist') });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

const shotPath = (name: string, vp: Viewport) => join(SCREENSHOTS, `business-public-${name}-${vp.width}x${vp.height}.png`);

/** The app root of the HTML the server sends for `/`, before any script runs. */
async function servedRoot(): Promise<string> {
  const html = await (await fetch(`${server.url}/`)).text();
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-data">'));
}

/** A visitor who has never been here, with the hydration errors React reports. */
async function freshVisitor(vp: Viewport, javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await chromium.browser.newContext({ viewport: { width: vp.width, height: vp.height }, javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat/i.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

describe.each(VIEWPORTS)('business info and events on the public site at $width×$height', (vp) => {
  const t = vp.tag;
  const name = t === 'desktop' ? 'Dice Den Game Lounge' : 'Rolling Meeple Tavern';
  const address = t === 'desktop' ? '12 Oak St, Madison, WI 53703' : '400 Lake Dr, Milwaukee, WI 53202';
  const city = t === 'desktop' ? 'Madison, WI' : 'Milwaukee, WI';
  const digits = t === 'desktop' ? '2625559999' : '4145550123';
  const phone = t === 'desktop' ? '(262) 555-9999' : '(414) 555-0123';
  const facebook = `https://www.facebook.com/diceden-${t}`;
  const announcement = `Closed Thanksgiving Day (${t}); open Friday from 11 AM!`;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width: vp.width, height: vp.height }));
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  it('staff change the name, address, a social link, the phone (typed as digits) and the announcement', async () => {
    await openSection(page, vp, 'Business Info', 'business-info');
    await page.getByLabel('Business name', { exact: true }).fill(name);
    await page.locator('#business-address').fill(address);
    await page.locator('#business-social-facebook').fill(facebook);
    const phoneField = page.locator('#business-phone');
    await phoneField.fill('');
    await phoneField.pressSequentially(digits);
    // Formatted as typed, as the booking forms do.
    await expect(phoneField.inputValue()).resolves.toBe(phone);
    await page.locator('#business-announcement').fill(announcement);
    await picture(page, { path: shotPath('dashboard', vp), fullPage: true });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Business information updated successfully');
    await expect(phoneField.inputValue()).resolves.toBe(phone);
  });

  it('the HTML the server sends already shows them (first paint), and so does the page with JavaScript off', async () => {
    const root = await servedRoot();
    expect(root).toContain(name);
    expect(root).toContain(phone);
    expect(root).toContain(announcement.replace(/'/g, '&#x27;'));
    expect(root).not.toContain('Meeple Haven');
    // The tab's title too, before and after the app runs.
    expect(await (await fetch(`${server.url}/`)).text()).toContain(`<title>${name} · ${city}</title>`);

    const { context: offline, page: still } = await freshVisitor(vp, false);
    await still.goto(server.url);
    const banner = still.getByRole('complementary', { name: 'Announcement' });
    await expect(banner.textContent()).resolves.toContain(announcement);
    await expect(banner.isVisible()).resolves.toBe(true);
    await expect(still.locator('.topbar .brand').textContent()).resolves.toBe(name);
    await expect(still.locator('.topbar .brand').isVisible()).resolves.toBe(true);
    await expect(still.locator('.hero-slide.is-active .hero-kicker').textContent()).resolves.toContain(name);
    if (vp.width >= 768) {
      await expect(still.locator('.topbar-phone').textContent()).resolves.toContain(phone);
      await expect(still.locator('.topbar-phone').isVisible()).resolves.toBe(true);
    }
    await picture(still, { path: shotPath('first-paint', vp) });
    await offline.close();
  });

  it('a fresh visitor sees them in the top bar, the footer and the contact section, and can close the announcement', async () => {
    const { context: visitor, page: landing, errors } = await freshVisitor(vp);
    await landing.goto(server.url);
    const banner = landing.getByRole('complementary', { name: 'Announcement' });
    await banner.getByText(announcement).waitFor();
    await picture(landing, { path: shotPath('landing-top', vp) });
    await expect(landing.title()).resolves.toBe(`${name} · ${city}`);

    const footer = landing.locator('footer.footer');
    await footer.waitFor();
    await footer.scrollIntoViewIfNeeded();
    await footer.getByText(name, { exact: true }).waitFor();
    await footer.getByRole('link', { name: address }).waitFor();
    await footer.getByRole('link', { name: phone }).waitFor();
    await expect(footer.getByRole('link', { name: `${name} on Facebook` }).getAttribute('href')).resolves.toBe(facebook);
    await expect(footer.getByRole('link', { name: phone }).getAttribute('href')).resolves.toBe(`tel:+1${digits}`);
    await picture(footer, { path: shotPath('footer', vp) });
    const contact = landing.locator('#contact');
    await contact.getByRole('link', { name: address }).waitFor();
    await contact.getByRole('link', { name: phone }).waitFor();
    await landing.locator('.section-questions a', { hasText: `Call ${phone}` }).waitFor();

    await landing.evaluate(() => window.scrollTo(0, 0));
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await landing.reload();
    await landing.locator('.hero').waitFor();
    await landing.waitForTimeout(500);
    await expect(landing.getByRole('complementary', { name: 'Announcement' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await visitor.close();
  });

  it('an upcoming event created in the dashboard shows on the landing page and on /events; on a blocked date staff see it flagged', async () => {
    const title = `Dice Masters Night ${t}`;
    // Next week, after the demo's featured events: the landing page must still show it beside them.
    const date = addDays(todayIn('America/Chicago'), 8);
    await openSection(page, vp, 'Events', 'events');
    await page.getByRole('button', { name: 'Add Event' }).click();
    const dialog = page.getByRole('dialog');
    await page.getByLabel('Title', { exact: true }).fill(title);
    // The calendar date input and the café's time select (issue 27), as a person picks them.
    await fillDate(page, page.locator('#event-date'), date);
    await page.locator('#event-time').selectOption('18:30');
    await page.locator('#event-price').fill('$8');
    await page.locator('#event-max').fill('16');
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    await expectToast(page, 'Event created successfully');

    const { context: visitor, page: landing, errors } = await freshVisitor(vp);
    await landing.goto(server.url);
    const section = landing.locator('#events');
    const card = section.locator('.upcoming-event', { hasText: title });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    for (const text of ['6:30 PM', '$8', 'Up to 16 guests']) await card.getByText(text, { exact: true }).waitFor();
    await picture(section, { path: shotPath('events-section', vp) });

    await section.getByRole('link', { name: /See all upcoming events/ }).click();
    await landing.waitForURL(`${server.url}/events`);
    await landing.getByRole('heading', { level: 1, name: 'Upcoming events' }).waitFor();
    await landing.locator('.upcoming-event', { hasText: title }).waitFor();
    // The page lists every upcoming event by date (featured first is the landing page's choice).
    const dates = await landing.locator('.upcoming-event').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-date') ?? ''));
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort());
    await picture(landing, { path: shotPath('events-page', vp), fullPage: true });
    await expect(landing.title()).resolves.toBe(`Upcoming events · ${name}`);
    expect(await axeViolations(landing)).toEqual([]);
    expect(errors).toEqual([]);
    await visitor.close();

    const blocked = await pageFetch<{ id: string }>(page, 'POST', '/api/admin/blocked-dates', { date, reason: 'Private hire' });
    expect(blocked.status).toBe(201);
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await openSection(page, vp, 'Events', 'events');
    const staffCard = page.locator('.event-card', { hasText: title });
    await staffCard.getByText('Closed that day: Private hire').waitFor();
    await picture(staffCard, { path: shotPath('events-admin-closed', vp) });

    // Gone again, so the other size's event is the one the landing page shows next to the featured ones.
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Delete Event' }).click();
    await expectToast(page, 'Event deleted successfully');
    await expect(pageFetch(page, 'DELETE', `/api/admin/blocked-dates/${blocked.json.id}`).then((r) => r.status)).resolves.toBe(200);
  });
});
