import { PRERENDERED_CONTROLS, type LandingBoot } from '../../lib/early-clicks';
import { markHeroReady } from './hero-preload';

/**
 * The one script dist/landing.html loads up front (built by scripts/prerender-landing.ts). The page's
 * top bar and hero are already in the HTML; this shows the hero's photo once every slide image has been
 * tried (the slideshow's own rule), and only then loads the app: on a slow phone connection the photos
 * and the stylesheet get the bandwidth first. A click or key press meanwhile starts the app at once,
 * and the clicks are kept for the app to play again.
 */
const FALLBACK_MS = 3000;
const PAINT_WAIT_MS = 500;
const entry = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  void import(/* @vite-ignore */ entry);
};

const clicks: number[] = [];
const onClick = (event: MouseEvent) => {
  const control = (event.target as Element | null)?.closest(PRERENDERED_CONTROLS);
  if (!control) return;
  event.preventDefault();
  clicks.push([...document.querySelectorAll(PRERENDERED_CONTROLS)].indexOf(control));
  start();
};
document.addEventListener('click', onClick, true);
document.addEventListener('keydown', start, { once: true, capture: true });
document.addEventListener('pointerdown', start, { once: true, capture: true });
const boot: LandingBoot = { clicks, stop: () => document.removeEventListener('click', onClick, true) };
window.landingBoot = boot;

/**
 * Resolves once the browser reports the photo painted (the page's largest paint), so the app's
 * download and start-up come after it rather than compete with it; where that is not reported, after
 * the two frames that paint it.
 */
const photoPainted = (): Promise<void> =>
  new Promise((resolve) => {
    const photo = document.querySelector('.hero-slide.is-active .hero-image');
    if (!photo || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === photo)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // A larger element than the photo (or none painted) does not hold the app back for long.
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, PAINT_WAIT_MS);
  });

void markHeroReady()
  .then(photoPainted)
  .then(() => setTimeout(start));
setTimeout(start, FALLBACK_MS);
