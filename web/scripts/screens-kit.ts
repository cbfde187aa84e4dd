import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { addDays } from '@cafe/contracts';
import { CHROME_FLAGS, CHROME_PATH, launchChromium } from '../e2e/support/browser';
import { buildIfStale, startServer, WEB_DIR, type RunningServer } from '../e2e/support/server';
import { settled } from '../e2e/support/settled';
import { pageFetch } from '../e2e/support/staff';

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
    report,
    /** Builds what is stale, starts a gateway (`env`), walks it in Chromium, always stops both, then reports. */
    run: async (env: Record<string, string>, walk: (browser: Browser, server: RunningServer) => Promise<void>): Promise<void> => {
      buildIfStale();
      const server = await startServer(env);
      const chromium = await openBrowser();
      try {
        await walk(chromium.browser, server);
      } finally {
        await chromium.close();
        await server.stop();
      }
      report();
    },
  };
  function report(): void {
    console.log(`${count} screenshots in ${OUT}`);
    if (failed.length) console.log(`not reached:\n  ${failed.join('\n  ')}`);
  }
}

/**
 * Both walks' game night, three days after `today`: three places and five sign-ups (two on the waitlist),
 * the event made by `staff`, the sign-ups sent by `guest`. A refused event is noted in `failed`.
 */
export async function seedFullGameNight(staff: Page, guest: Page, today: string, failed: string[]): Promise<void> {
  const event = await pageFetch<{ id: string }>(staff, 'POST', '/api/admin/events', {
    title: 'Final Table Night',
    description: 'Three seats at the final table.',
    event_date: addDays(today, 3),
    event_time: '19:00',
    price: '$10',
    max_attendees: 3,
  });
  if (event.status !== 201) {
    failed.push(`seed event: ${event.status}`);
    return;
  }
  for (let n = 1; n <= 5; n++) {
    await pageFetch(guest, 'POST', `/api/events/${event.json.id}/sign-ups`, {
      date: addDays(today, 3),
      name: `Player ${n}`,
      email: `player${n}@example.com`,
      phone: `(262) 555-010${n}`,
      places: 1,
    });
  }
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
