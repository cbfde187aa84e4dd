import { lazy, startTransition, useEffect, useState } from 'react';
import { TopBar } from '../features/landing/components/top-bar';
import { HeroSlideshow } from '../features/landing/components/hero-slideshow';
import { AboutSection } from '../features/landing/components/about-section';
import { FoodSection } from '../features/menu/components/food-section';
import { ReviewsCarousel } from '../features/landing/components/reviews-carousel';
import { EventsSection } from '../features/cafe-events/components/events-section';
import { AnnouncementBanner } from '../features/business-info/components/announcement-banner';
import { useSiteInfo } from '../lib/business-info';
import { GallerySection } from '../features/gallery/components/gallery-section';
import { HaveQuestions } from '../features/business-info/components/have-questions';
import { ReservationSection } from '../features/booking-form/components/reservation-section';
import { PartySection } from '../features/booking-form/components/party-section';
import { ContactSection } from '../features/business-info/components/contact-section';
import { SiteFooter } from '../features/landing/components/site-footer';
import { usePageTitle } from '../lib/use-page-title';
import { SectionAnchor } from '../components/layout/section-link';
import { replayEarlyClicks } from '../lib/early-clicks';

// "Tell me if a table frees up": the waitlist's join form, loaded only when a date's times are full.
const WaitlistJoinOffer = lazy(() => import('../features/waitlist/components/waitlist-join'));
const Reservations = () => <ReservationSection waitlist={WaitlistJoinOffer} />;
const Parties = () => <PartySection waitlist={WaitlistJoinOffer} />;

/** Below the hero, in page order; the footer comes with the last. */
const BELOW_THE_HERO = [
  AboutSection,
  FoodSection,
  ReviewsCarousel,
  GallerySection,
  HaveQuestions,
  Reservations,
  Parties,
  // Below the booking forms: its list arrives after it mounts, and must not push down a form a Reserve
  // pressed in the page's first second is already scrolling to.
  EventsSection,
  ContactSection,
];

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
  const mounted = useSectionsInTurn(BELOW_THE_HERO.length);
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
        {BELOW_THE_HERO.slice(0, mounted).map((Section, i) => (
          <Section key={i} />
        ))}
      </main>
      {mounted === BELOW_THE_HERO.length ? <SiteFooter /> : null}
    </>
  );
}
