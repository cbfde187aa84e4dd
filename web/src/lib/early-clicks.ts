/**
 * The prerendered landing page (dist/landing.html) shows its top bar and hero before the app's script
 * has run. Its boot script (features/landing/landing-boot.ts) keeps the clicks made meanwhile, by position among
 * these elements; the app's first render has the same ones in the same order and plays them again.
 */
export const PRERENDERED_CONTROLS = '#root a[href], #root button';

export interface LandingBoot {
  /** Positions in `PRERENDERED_CONTROLS` of the controls clicked before the app took over. */
  clicks: number[];
  /** Stops keeping clicks: the app handles them from now on. */
  stop(): void;
}

declare global {
  interface Window {
    landingBoot?: LandingBoot;
  }
}

/** Once the app has taken over the prerendered markup: clicks the controls the visitor clicked before. */
export function replayEarlyClicks(): void {
  const boot = window.landingBoot;
  if (!boot) return;
  window.landingBoot = undefined;
  boot.stop();
  const controls = document.querySelectorAll<HTMLElement>(PRERENDERED_CONTROLS);
  for (const index of boot.clicks) controls[index]?.click();
}
