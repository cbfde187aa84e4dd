import type { Locator, Page } from 'playwright-core';

/**
 * Pictures are for people to look at (README "Screenshots"): taken on a developer's machine, skipped
 * where nobody looks at them (CI=true), unless E2E_SCREENSHOTS=1 asks for them. A 1440×900 PNG costs
 * Chromium about 0.1–0.3 s of CPU, and a run takes some 340 of them on two cores.
 */
export const TAKES_PICTURES = process.env.E2E_SCREENSHOTS !== undefined ? process.env.E2E_SCREENSHOTS !== '0' : process.env.CI !== 'true';

type PictureOptions = { path: string; fullPage?: boolean };

/**
 * A picture of the page or of one element. When pictures are skipped, an element is still waited for
 * and scrolled into view as its picture would have done, so what the test does next sees the same page.
 */
export async function picture(target: Page | Locator, options: PictureOptions): Promise<void> {
  const isPage = 'mainFrame' in target;
  if (TAKES_PICTURES) {
    await (isPage ? target.screenshot(options) : target.screenshot({ path: options.path }));
    return;
  }
  if (!isPage) await target.scrollIntoViewIfNeeded();
}
