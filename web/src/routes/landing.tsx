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

export function LandingPage() {
  usePageTitle();
  return (
    <>
      <a className="skip-link" href="#reservations">
        Skip to reservations
      </a>
      <TopBar />
      <main>
        <HeroSlideshow />
        <AboutSection />
        <FoodSection />
        <ReviewsCarousel />
        <GallerySection />
        <HaveQuestions />
        <ReservationSection />
        <PartiesSection />
        <ContactSection />
      </main>
      <SiteFooter />
    </>
  );
}
