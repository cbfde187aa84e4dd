import type { Page } from 'playwright-core';

/**
 * Before a screenshot: dialog and toast transitions have ended (every finite animation; spinners and other
 * endless ones keep running). `getAnimations()` flushes pending style changes, so a transition a class
 * change just started is counted. Checked every 50 ms, not per frame, and given up after 2 s: a picture
 * is not an assertion. Replaces fixed pauses of 250–400 ms.
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { polling: 50, timeout: 2000 },
    )
    .catch(() => undefined);
}
