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

// Two frames: the one that paints the photo, then the app.
void markHeroReady().then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start))));
setTimeout(start, FALLBACK_MS);
