import { join } from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { expectToastInView } from './staff';
import { WEB_DIR } from './server';
import { settled } from './settled';
import { picture } from './picture';

export const SCREENSHOTS = join(WEB_DIR, 'screenshots');

/** 'yyyy-MM-dd' → 'MM/DD/YYYY', as the date inputs take it. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

export const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

/** The dashboard's section: tabs on wide screens, a dropdown on phones. */
export async function openSection(page: Page, label: string): Promise<void> {
  if (isNarrow(page)) await page.getByLabel('Dashboard section').selectOption({ label });
  else await page.getByRole('tab', { name: label }).click();
}

/** The Reservations view: buttons on wide screens, a dropdown on phones. */
export async function openView(page: Page, label: "Today's Reservations" | 'List View' | 'Week View' | 'Month View'): Promise<void> {
  if (isNarrow(page)) await page.getByLabel('Reservations view').selectOption({ label });
  else await page.getByRole('button', { name: label, exact: true }).click();
  // The view switches with the address, after the click: wait for it before waiting out its loading.
  const view = { "Today's Reservations": 'today', 'List View': 'list', 'Week View': 'week', 'Month View': 'month' }[label];
  await page.locator(`.res-view[data-view="${view}"]`).waitFor();
  await page.locator('.res-view .bp6-spinner').waitFor({ state: 'detached' });
}

/** A toast with this title is shown, wholly inside the viewport; then it is dismissed for the next one. */
export async function expectToast(page: Page, title: string, description?: string, screenshot?: string): Promise<void> {
  const toast = await expectToastInView(page, title);
  if (description) await toast.getByText(description).waitFor();
  if (screenshot) await shot(page, screenshot);
  await toast.locator('button').last().click();
  await toast.waitFor({ state: 'detached' });
}

/**
 * Fills a Blueprint date input and closes its calendar. Escape closes only an open calendar (with
 * none open it would close the dialog around the field), so wait for the calendar first.
 */
export async function fillDate(page: Page, input: Locator, iso: string): Promise<void> {
  await input.click();
  const calendar = page.locator('.bp6-datepicker');
  await calendar.first().waitFor();
  await input.fill(usDate(iso));
  await page.keyboard.press('Escape');
  await calendar.first().waitFor({ state: 'detached' });
}

export async function shot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await settled(page); // dialog and toast transitions end first
  await picture(page, { path: join(SCREENSHOTS, `dashboard-${name}-${width}x${height}.png`) });
}

/** The calendar chip of a booking on a day (the week grid on wide screens, the per-day list on phones). */
export function chipOn(page: Page, date: string, name: string): Locator {
  return page.locator(`[data-date="${date}"] .booking-chip`, { hasText: name });
}

/** The background colour of a chip: each tone has its own. */
export const background = (chip: Locator) => chip.evaluate((el) => getComputedStyle(el).backgroundColor);

/** A download's content as text; read through Playwright's stream, as the run's Chromium is shared over a connection. */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
