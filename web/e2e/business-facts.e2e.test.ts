import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { gamesHeroTitle, partyMaxOverCapacityMessage, type BusinessInfo } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { pageFetch, signInAsStaff } from './support/staff';
import { expectToast, openSection, SCREENSHOTS } from './support/dashboard';
import { picture } from './support/picture';

/**
 * What the landing page says about the café is what the owner set in Business Info, at 390×844 and
 * 1440×900: the play cover, how long a table is held, the parking note and the party sizes (the party
 * form's words and list follow them); the hero counts the library's games. Its own server: it changes
 * business info.
 */
const OWNER = 'owner@example.com';
const SIZES = [
  { width: 390, height: 844, cover: '7.50', shown: '$7.50 play cover', hold: '10', parking: 'Park on Maple Street after 5 PM.' },
  { width: 1440, height: 900, cover: '8', shown: '$8 play cover', hold: '20', parking: 'Free parking in the church lot next door.' },
] as const;

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OWNER });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe.each(SIZES)('at $width×$height', ({ width, height, cover, shown, hold, parking }) => {
  let staff: BrowserContext;
  let owner: Page;
  let visitor: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context: staff, page: owner } = await signInAsStaff(chromium.browser, server.url, OWNER, { width, height }));
    visitor = await chromium.browser.newContext({ viewport: { width, height } });
    page = await visitor.newPage();
  });
  afterAll(async () => {
    await staff?.close();
    await visitor?.close();
  });

  it('the owner edits the cover, the table hold, the parking note and the party sizes in Business Info', async () => {
    await openSection(owner, 'Business Info');
    const coverInput = owner.locator('#business-cover-charge');
    // The form fills once the café's settings arrive: on a busy machine that is more than the poll's default second.
    await expect.poll(() => coverInput.inputValue(), { timeout: 10_000 }).toMatch(/^\d+\.\d{2}$/);
    await coverInput.fill(cover);
    await owner.locator('#business-late-hold').selectOption(hold);
    await owner.locator('#business-parking-note').fill(parking);
    await owner.locator('#business-party-min').fill('4');
    // The largest party is bounded by the seat capacity: the form says so before anything is sent.
    const seats = Number(await owner.locator('#business-seat-capacity').inputValue());
    const largest = owner.locator('#business-party-max');
    await largest.fill(String(seats + 1));
    await owner.getByRole('button', { name: 'Save Changes' }).click();
    await owner.locator('#business-party-max-error').getByText(partyMaxOverCapacityMessage(seats)).waitFor();
    await largest.fill('12');
    await largest.scrollIntoViewIfNeeded();
    await picture(owner, { path: join(SCREENSHOTS, `business-facts-form-${width}x${height}.png`) });
    await owner.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(owner, 'Business information updated successfully');
    const saved = (await pageFetch<BusinessInfo>(owner, 'GET', '/api/business-info')).json;
    expect(saved).toMatchObject({ lateHoldMinutes: Number(hold), parkingNote: parking, partySizeMin: 4, partySizeMax: 12 });
    expect(Number(saved.coverCharge)).toBe(Number(cover));
  });

  it('the landing page shows the new cover, hold and parking note, and counts the library', async () => {
    const games = (await pageFetch<{ games: number }>(owner, 'GET', '/api/games/count')).json.games;
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: gamesHeroTitle(games) }).waitFor();
    const about = page.locator('#about');
    await about.scrollIntoViewIfNeeded();
    await about.getByText(shown, { exact: true }).waitFor();
    expect(await about.textContent()).not.toContain('$6 play cover');
    await about.getByText(`${Math.floor(games / 10) * 10}+ games`, { exact: true }).waitFor();
    await picture(about, { path: join(SCREENSHOTS, `business-facts-about-${width}x${height}.png`) });
    const reservations = page.locator('#reservations .reservation-intro');
    await reservations.scrollIntoViewIfNeeded();
    await reservations.getByText(`Your table is held for ${hold} minutes past your time.`).waitFor();
    await picture(reservations, { path: join(SCREENSHOTS, `business-facts-hold-${width}x${height}.png`) });
    const contact = page.locator('#contact');
    await contact.scrollIntoViewIfNeeded();
    await contact.getByText(`${parking} Family friendly; kids under 5 play free.`).waitFor();
  });

  it('the party section and the party form follow the party sizes: 4 to 12', async () => {
    const lead = page.locator('#parties .lead');
    await lead.scrollIntoViewIfNeeded();
    await expect
      .poll(() => lead.textContent())
      .toBe('Groups of 4 to 12 get their own space, a host who teaches the games, and food from our kitchen.');
    await page.getByText('Anniversaries, graduations, game-night reunions: 4 to 12 guests.').waitFor();
    await page.getByRole('button', { name: 'Book Your Party' }).click();
    const size = page.locator('#party-size');
    await size.waitFor();
    const sizes = await size.locator('option').allTextContents();
    expect(sizes.filter((s) => /guests$/.test(s))).toEqual(Array.from({ length: 9 }, (_, i) => `${i + 4} guests`));
    await size.scrollIntoViewIfNeeded();
    await picture(page.getByRole('form', { name: 'Book your party' }), {
      path: join(SCREENSHOTS, `business-facts-party-${width}x${height}.png`),
    });
    await page.keyboard.press('Escape');
  });
});
