import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH, launchChromium } from '../e2e/support/browser';
import { WEB_DIR } from '../e2e/support/server';
import { settled } from '../e2e/support/settled';

/** What the screen walks (screens-public.ts, screens-staff.ts) share: where, at which sizes, and how a step fails. */
export const OUT = join(WEB_DIR, 'screenshots', 'screens');
export const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

export function screenWalk(prefix: 'public' | 'staff') {
  const failed: string[] = [];
  let count = 0;
  mkdirSync(OUT, { recursive: true });
  return {
    failed,
    snap: async (page: Page, screen: string): Promise<void> => {
      const { width, height } = page.viewportSize()!;
      await settled(page).catch(() => undefined);
      await page.screenshot({ path: join(OUT, `${prefix}-${screen}-${width}x${height}.png`) });
      count++;
    },
    /** One screen: a failure is noted, open overlays closed, and the walk goes on. */
    step: async (page: Page, screen: string, fn: () => Promise<void>): Promise<void> => {
      try {
        await fn();
      } catch (error) {
        failed.push(`${screen} @${page.viewportSize()!.width}: ${String(error).split('\n')[0]}`);
        for (let i = 0; i < 3; i++) await page.keyboard.press('Escape').catch(() => undefined);
      }
    },
    report: (): void => {
      console.log(`${count} screenshots in ${OUT}`);
      if (failed.length) console.log(`not reached:\n  ${failed.join('\n  ')}`);
    },
  };
}

/** vitest's shared Chromium when run inside it; otherwise (its inject() throws) Debian's, with the same flags. */
export async function openBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  try {
    return await launchChromium({ motion: 'no-preference' });
  } catch {
    const b = await playwright.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
    return { browser: b, close: () => b.close() };
  }
}
