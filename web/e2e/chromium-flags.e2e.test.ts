import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { launchSharedChromium, PLAYWRIGHT_DISABLED_FEATURES, UNSEEN_WINDOW_FEATURES } from './support/browser';

/**
 * The test browser's own flags (support/browser.ts). Chromium keeps only the last --disable-features,
 * so the run's list must still hold every feature Playwright turns off (a Playwright upgrade that adds
 * one fails here), and each browser context must cost one renderer, not two (the address bar's popups).
 */
let server: BrowserServer;
let browser: Browser;

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

describe.runIf(process.platform === 'linux')('the test Chromium', () => {
  beforeAll(async () => {
    server = await launchSharedChromium();
    browser = await chromium.connect(server.wsEndpoint());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("turns off Playwright's features and the unseen address bar's: the last --disable-features holds both", () => {
    const lists = commandLine(server.process().pid!)
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const playwrights = lists[0]!;
    const effective = lists.at(-1)!;
    expect(effective).toEqual(expect.arrayContaining([...playwrights, ...UNSEEN_WINDOW_FEATURES]));
    // The copy in browser.ts is Playwright's list as it stands: one that drifts is updated there.
    expect([...playwrights].sort()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort());
  });

  it('starts one renderer per browser context, not two', async () => {
    const userDataDir = commandLine(server.process().pid!).find((arg) => arg.startsWith('--user-data-dir='))!;
    const renderers = () =>
      readdirSync('/proc').filter((pid) => {
        try {
          // A child rewrites its title: its arguments come back as one string.
          const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          return args.includes(`${userDataDir} `) && args.includes(' --type=renderer ');
        } catch {
          return false; // gone, or not a process
        }
      }).length;
    const before = renderers();
    const contexts = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      contexts.push(context);
      await (await context.newPage()).goto('data:text/html,<p>Hello</p>');
    }
    // The popups' renderers start within ~0.2 s of their window: a second for a busy machine.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = renderers();
    await Promise.all(contexts.map((c) => c.close()));
    // One each (and a spare renderer Chromium may keep ready); with the popups it was two each (3, 5, 7 … for 1, 2, 3).
    expect(after - before, `renderers: ${before} before five contexts, ${after} after`).toBeLessThanOrEqual(5 + 1);
  });
});
