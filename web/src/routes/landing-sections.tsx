import { lazy } from 'react';
import { AboutSection } from '../features/landing/components/about-section';
import { FoodSection } from '../features/menu/components/food-section';
import { ReviewsCarousel } from '../features/landing/components/reviews-carousel';
import { EventsSection } from '../features/cafe-events/components/events-section';
import { GallerySection } from '../features/gallery/components/gallery-section';
import { HaveQuestions } from '../features/business-info/components/have-questions';
import { ReservationSection } from '../features/booking-form/components/reservation-section';
import { PartySection } from '../features/booking-form/components/party-section';
import { ContactSection } from '../features/business-info/components/contact-section';

/*
 * The landing page below its hero: none of it is in the first paint (the sections mount after it, one
 * at a time, routes/landing.tsx), so it is a chunk of its own that the page fetches as it hydrates,
 * rather than part of the script and stylesheet the top bar and the hero wait for.
 */

export { SiteFooter } from '../features/landing/components/site-footer';

// "Tell me if a table frees up": the waitlist's join form, loaded only when a date's times are full.
const WaitlistJoinOffer = lazy(() => import('../features/waitlist/components/waitlist-join'));
const Reservations = () => <ReservationSection waitlist={WaitlistJoinOffer} />;
const Parties = () => <PartySection waitlist={WaitlistJoinOffer} />;

/** Below the hero, in page order; the footer comes with the last. */
export const BELOW_THE_HERO = [
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
