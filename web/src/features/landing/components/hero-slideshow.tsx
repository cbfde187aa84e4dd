import { useEffect, useState } from 'react';
import { HERO_IMAGE_SIZES, HERO_SLIDES, src, srcSet, type SlideIcon } from '../../../config/site';
import { heroMarkedReady, preloadAll } from '../hero-preload';
import { LinkButton } from '../../../components/layout/section-link';
import { CalendarIcon, CubeIcon, ShopIcon } from '../../../components/icons';
import { useCarousel } from '../hooks/use-carousel';
import { CarouselToggle } from './carousel-toggle';
import { useBusinessFacts, useGameCount, useSiteInfo } from '../../../lib/business-info';
import { heroSlides } from '../hero-slides';
import './landing.css';

export const SLIDE_INTERVAL_MS = 5000;
const SIZES = HERO_IMAGE_SIZES;

const ICONS: Record<SlideIcon, JSX.Element> = {
  games: <CubeIcon />,
  food: <ShopIcon />,
  calendar: <CalendarIcon />,
};

/**
 * Three slides, dots, auto-advance every 5 s with wrap-around once every image has been tried; a
 * Pause/Play button, and a pointer or focus inside holds the slide.
 */
export function HeroSlideshow() {
  const site = useSiteInfo();
  const slides = heroSlides(useBusinessFacts(), useGameCount());
  // Ready at once when the prerendered page's boot script has already seen every image tried.
  const [ready, setReady] = useState(heroMarkedReady);
  const count = HERO_SLIDES.length;
  const { ref, index, holding, goTo, stopped, toggle, holdHandlers } = useCarousel(count, SLIDE_INTERVAL_MS, ready);

  useEffect(() => {
    let live = true;
    void preloadAll(HERO_SLIDES.map((slide) => ({ srcset: srcSet(slide.image), sizes: SIZES, src: src(slide.image) }))).then(
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section
      ref={ref}
      className={`hero ${ready ? 'hero-ready' : 'hero-loading'}`}
      aria-roledescription="carousel"
      aria-label={`Welcome to ${site.name}`}
      {...holdHandlers}
    >
      <div className="hero-placeholder" aria-hidden="true" data-testid="hero-placeholder" />
      {/* Announced only while it stands still: a moving slideshow would talk over the visitor. Not `paused`:
          that differs between the prerendered page and the app's first render, and hydration keeps the first. */}
      <div className="hero-slides" aria-live={holding ? 'polite' : 'off'}>
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            className={`hero-slide ${i === index ? 'is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            // Hidden slides keep their buttons out of the tab order.
            {...({ inert: i === index ? undefined : '' } as object)}
          >
            <img
              className="hero-image"
              srcSet={srcSet(slide.image)}
              sizes={SIZES}
              src={src(slide.image, 1024)}
              width={slide.image.width}
              height={slide.image.height}
              alt={slide.image.alt}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
            <div className="hero-scrim" />
            <div className="hero-content">
              <p className="hero-kicker">{site.locality ? `${site.name} · ${site.locality}` : site.name}</p>
              {i === 0 ? <h1 className="hero-title">{slide.title}</h1> : <h2 className="hero-title">{slide.title}</h2>}
              <p className="hero-description">{slide.description}</p>
              <LinkButton link={slide.buttonLink} intent={slide.buttonStyle} size="large" icon={ICONS[slide.icon]} className="hero-button">
                {slide.buttonText}
              </LinkButton>
              {slide.secondaryLink ? (
                <LinkButton link={slide.secondaryLink} size="large" className="hero-button hero-button-secondary">
                  {slide.secondaryText}
                </LinkButton>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      <div className="hero-controls">
        <CarouselToggle stopped={stopped} onToggle={toggle} what="slideshow" className="carousel-toggle" />
        <div className="hero-dots" role="group" aria-label="Choose a slide">
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className={`dot ${i === index ? 'is-active' : ''}`}
              aria-label={`Show slide ${i + 1}: ${slide.title}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
