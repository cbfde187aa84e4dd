import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { WEB_DIR } from './server';
import { expectToastInView } from './staff';
import { picture } from './picture';

/** Dashboard helpers for browser tests: sections, notices and screenshots (web/screenshots, git-ignored). */
export const SCREENSHOTS = join(WEB_DIR, 'screenshots');

export const screenshot = (page: Page, name: string, vp: { width: number; height: number }) =>
  picture(page, { path: join(SCREENSHOTS, `${name}-${vp.width}x${vp.height}.png`), fullPage: true });

/** Tabs on wide screens, the dropdown on narrow ones. */
export async function openSection(page: Page, vp: { width: number }, label: string, id: string): Promise<void> {
  if (vp.width < 768) await page.getByLabel('Dashboard section').selectOption(id);
  else await page.getByRole('tab', { name: label }).click();
  await page.locator(`#admin-panel-${id} h2`).first().waitFor();
}

/** A notice with this title appears, and the user can see it: its whole box is inside the viewport. */
export async function expectToast(page: Page, title: string): Promise<void> {
  await expectToastInView(page, title);
  // Then it runs out as it would for anyone, and a click under it (a phone's last card) goes through in time.
  await page.mouse.move(0, 0);
}

/** Closes the notice on screen with its × as a reader does (one shows at a time), so none covers what comes next. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.bp6-toast');
  // Its 5 s may run out between the count and the click: that closes it too.
  for (let i = 0; i < 5 && (await toasts.count()) > 0; i++) {
    await toasts
      .first()
      .locator('button')
      .last()
      .click({ timeout: 1000 })
      .catch(() => undefined);
  }
  await expect.poll(() => toasts.count(), { timeout: 10_000, message: 'a notice stayed on screen' }).toBe(0);
}

export async function expectText(scope: Page | ReturnType<Page['locator']>, text: string): Promise<void> {
  await scope.getByText(text, { exact: true }).first().waitFor();
}
