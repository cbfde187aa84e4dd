import { startTransition, useEffect, useState } from 'react';
import { TopBar } from '../features/landing/components/top-bar';
import { HeroSlideshow } from '../features/landing/components/hero-slideshow';
import { AnnouncementBanner } from '../features/business-info/components/announcement-banner';
import { useSiteInfo } from '../lib/business-info';
import { usePageTitle } from '../lib/use-page-title';
import { SectionAnchor } from '../components/layout/section-link';
import { replayEarlyClicks } from '../lib/early-clicks';

type BelowTheHero = typeof import('./landing-sections');

let belowTheHero: Promise<BelowTheHero> | undefined;
/** The sections below the hero (routes/landing-sections.tsx): fetched once, again after a failed try. */
function loadBelowTheHero(): Promise<BelowTheHero> {
  belowTheHero ??= import('./landing-sections').catch((error: unknown) => {
    belowTheHero = undefined;
    throw error;
  });
  return belowTheHero;
}

/** The sections below the hero once their chunk is here; its fetch starts with the page's first render in the browser. */
function useBelowTheHero(): BelowTheHero | undefined {
  const [loading] = useState(() => (typeof window === 'undefined' ? undefined : loadBelowTheHero()));
  const [loaded, setLoaded] = useState<BelowTheHero>();
  useEffect(() => {
    let live = true;
    loading?.then(
      (below) => live && setLoaded(below),
      (error: unknown) => console.error('Landing page sections:', error),
    );
    return () => {
      live = false;
    };
  }, [loading]);
  return loaded;
}

/**
 * How many of the sections below the hero have mounted. They mount one at a time, each in its own
 * interruptible render after a frame, from the first paint on: the top bar and the hero (all a phone
 * or a laptop shows first) are not held up by the rest, and no single task lays out the whole page.
 * In page order, so a section's place never moves once it is there (an early jump to it lands right).
 */
function useSectionsInTurn(count: number): number {
  const [mounted, setMounted] = useState(0);
  useEffect(() => {
    if (mounted >= count) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setMounted((n) => n + 1)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [mounted, count]);
  return mounted;
}

export function LandingPage() {
  usePageTitle(undefined, useSiteInfo());
  const below = useBelowTheHero();
  const sections = below?.BELOW_THE_HERO ?? [];
  const mounted = useSectionsInTurn(sections.length);
  // The prerendered page's controls were clickable before the app took them over.
  useEffect(replayEarlyClicks, []);
  return (
    <>
      {/* Scrolls once the section has mounted, even when pressed during the first paint. */}
      <SectionAnchor className="skip-link" to="reservations">
        Skip to reservations
      </SectionAnchor>
      <TopBar />
      <AnnouncementBanner />
      <main>
        <HeroSlideshow />
        {sections.slice(0, mounted).map((Section, i) => (
          <Section key={i} />
        ))}
      </main>
      {below && mounted === sections.length ? <below.SiteFooter /> : null}
    </>
  );
}
