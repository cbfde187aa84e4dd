import type { Page } from 'playwright-core';

/**
 * The page at rest, as a screenshot or a colour check should see it: two frames pass (a transition that a
 * class change started gets its first frame), then every finite animation and transition has ended.
 * Spinners and other endless animations are left running. Replaces fixed pauses of 250–400 ms.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
