import { startTransition, useEffect, useState } from 'react';
import { TopBar } from '../features/landing/components/top-bar';
import { HeroSlideshow } from '../features/landing/components/hero-slideshow';
import { AboutSection } from '../features/landing/components/about-section';
import { FoodSection } from '../features/menu/components/food-section';
import { ReviewsCarousel } from '../features/landing/components/reviews-carousel';
import { GallerySection } from '../features/gallery/components/gallery-section';
import { HaveQuestions } from '../features/business-info/components/have-questions';
import { ReservationSection } from '../features/reservations/components/reservation-section';
import { PartiesSection } from '../features/party-bookings/components/parties-section';
import { ContactSection } from '../features/business-info/components/contact-section';
import { SiteFooter } from '../features/landing/components/site-footer';
import { usePageTitle } from '../lib/use-page-title';
import { SectionAnchor } from '../components/layout/section-link';
import { replayEarlyClicks } from '../lib/early-clicks';

/**
 * The sections below the hero mount in a second, interruptible render right after the first paint:
 * the top bar and the hero (everything a phone or a laptop shows first) are not held up by, nor
 * committed in one long task with, the rest of the page.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => startTransition(() => setReady(true))));
    return () => cancelAnimationFrame(frame);
  }, []);
  return ready;
}

export function LandingPage() {
  usePageTitle();
  const rest = useAfterFirstPaint();
  // The prerendered page's controls were clickable before this render replaced them.
  useEffect(replayEarlyClicks, []);
  return (
    <>
      {/* Scrolls once the section has mounted, even when pressed during the first paint. */}
      <SectionAnchor className="skip-link" to="reservations">
        Skip to reservations
      </SectionAnchor>
      <TopBar />
      <main>
        <HeroSlideshow />
        {rest ? (
          <>
            <AboutSection />
            <FoodSection />
            <ReviewsCarousel />
            <GallerySection />
            <HaveQuestions />
            <ReservationSection />
            <PartiesSection />
            <ContactSection />
          </>
        ) : null}
      </main>
      {rest ? <SiteFooter /> : null}
    </>
  );
}
