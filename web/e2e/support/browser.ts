import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The browser tests' Chromium: Debian's build of Chromium's headless shell (apt-get install
 * chromium-headless-shell; the same source package and version as Debian's `chromium`), which is what
 * Playwright itself runs for headless tests. It renders with the same Blink and V8 but builds no browser
 * window around each context: the browser files took about a quarter less CPU with it (README "Test it").
 * Where only Debian's full `chromium` is installed, that one runs the tests. A browser is never downloaded.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/** Debian's full Chromium (apt-get install chromium): Lighthouse's browser (bench/web.bench.ts). */
export const FULL_CHROME_PATH = process.env.FULL_CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_PATH = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROME_PATH);

/** The features playwright-core 1.65 turns off itself (its chromiumSwitches.ts): kept, see below. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium still builds every window's address-bar popups, WebUI pages in a renderer of their
 * own, and each browser context is a window: some 0.7 s of CPU per context (a new context's first page
 * cost 0.9 s of CPU with them, 0.16 s without), for an address bar nobody sees.
 */
export const UNSEEN_WINDOW_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** The flags every Chromium of the project runs with (Lighthouse's launcher adds its own --disable-features). */
export const BASE_CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's Chromium. */
export const CHROME_FLAGS = [
  ...BASE_CHROME_FLAGS,
  // Chromium reads the last --disable-features only, so this one repeats Playwright's (chromium-flags.e2e.test.ts).
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_WINDOW_FEATURES].join(',')}`,
];

/**
 * Every context runs where the café's guests and staff are: a date picker that booked the day before in
 * Chicago passed every test on a UTC machine. A file that tests another zone passes its own `timezoneId`.
 */
export const CAFE_BROWSER_ZONE = 'America/Chicago';
export const GUESTS_WORLD = { timezoneId: CAFE_BROWSER_ZONE, locale: 'en-US' } as const;

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

const launchOptions = () => {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}: install it with 'apt-get install -y chromium-headless-shell' (or set CHROME_PATH).`,
    );
  }
  return { executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS };
};

/** One Chromium for a whole test run (global-setup.ts): each file connects to it instead of starting its own. */
export const launchSharedChromium = (): Promise<BrowserServer> => chromium.launchServer(launchOptions());

/**
 * Motion in a file's contexts. Most files check what a page does and says, and run as a visitor who asked
 * for less motion: the site then opens dialogs, toasts and popovers without sliding or fading, and spinners
 * stand still, which spares Chromium frames (three heavy dashboard files alone: 243–249 → 203–212 CPU-s; the
 * whole run, its two cores saturated, gains little: Chromium skips frames there anyway).
 * Files about how the site moves (the landing's jumps and carousels, keyboard paths, accessibility) ask for
 * 'no-preference', as most visitors have.
 */
export type Motion = 'reduce' | 'no-preference';

/**
 * The run's shared Chromium when global-setup.ts started one, else a Chromium of this file's own. Each
 * file works in contexts of its own (fresh cookies and storage); closing disconnects and closes them.
 * Playwright gives every launch a fresh temporary --user-data-dir (it refuses the flag in `args`) and
 * deletes it on close, so no state leaks between runs.
 */
export async function launchChromium({ motion = 'reduce' }: { motion?: Motion } = {}): Promise<LaunchedBrowser> {
  const endpoint = inject('chromiumEndpoint');
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(launchOptions());
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ ...GUESTS_WORLD, reducedMotion: motion, ...options });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options) => newPage({ ...GUESTS_WORLD, reducedMotion: motion, ...options });
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => undefined);
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address (global-setup.ts). */
    chromiumEndpoint?: string;
    /** The shared gateway for files that need no server of their own (global-setup.ts, server.ts). */
    sharedServer?: { url: string; dataDir: string };
    /** The demo café seeded once for the run, copied by each server in the café's default zone (server.ts). */
    seededDataDir?: string;
    /** The List View's year of bookings, being made since global setup (year-of-bookings.ts). */
    yearOfBookings?: string;
  }
}
