import { AnchorButton, Button } from '@blueprintjs/core';
import { REVIEWS } from '../../../config/site';
import { useBusinessFacts } from '../../../lib/business-info';
import { ChevronLeftIcon, ChevronRightIcon, StarIcon } from '../../../components/icons';
import { useCarousel } from '../hooks/use-carousel';
import { CarouselToggle } from './carousel-toggle';
import './landing.css';

export const REVIEW_INTERVAL_MS = 5000;

function Stars() {
  return (
    <span className="stars" role="img" aria-label="5 out of 5 stars">
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} size={18} />
      ))}
    </span>
  );
}

/** Five reviews: previous/next (wrapping), dots, a 5 s auto-advance with Pause/Play, and a 500 ms slide. */
export function ReviewsCarousel() {
  const count = REVIEWS.length;
  const { ref, index, paused, goTo, stopped, toggle, holdHandlers } = useCarousel<HTMLDivElement>(count, REVIEW_INTERVAL_MS);
  const { reviewsUrl } = useBusinessFacts();

  return (
    <section id="reviews" className="section section-reviews" aria-labelledby="reviews-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Reviews</p>
          <h2 id="reviews-title">What our players say</h2>
        </div>
        <div
          ref={ref}
          className="reviews"
          aria-roledescription="carousel"
          aria-label="Customer reviews"
          tabIndex={0}
          onKeyDown={(e) => {
            if (e.key === 'ArrowLeft') goTo(index - 1);
            if (e.key === 'ArrowRight') goTo(index + 1);
          }}
          {...holdHandlers}
        >
          <div className="reviews-viewport">
            <ul className="reviews-track" style={{ transform: `translateX(-${index * 100}%)` }} aria-live={paused ? 'polite' : 'off'}>
              {REVIEWS.map((review, i) => (
                <li
                  key={review.name}
                  className="review"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${count}`}
                  aria-hidden={i !== index}
                >
                  <figure>
                    <Stars />
                    <blockquote>“{review.text}”</blockquote>
                    <figcaption>— {review.name}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
          <div className="reviews-controls">
            <CarouselToggle stopped={stopped} onToggle={toggle} what="reviews" outlined />
            <Button variant="outlined" icon={<ChevronLeftIcon />} aria-label="Previous review" onClick={() => goTo(index - 1)} />
            <div className="review-dots" role="group" aria-label="Choose a review">
              {REVIEWS.map((review, i) => (
                <button
                  key={review.name}
                  type="button"
                  className={`dot dot-dark ${i === index ? 'is-active' : ''}`}
                  aria-label={`Show review ${i + 1} by ${review.name}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => goTo(i)}
                />
              ))}
            </div>
            <Button variant="outlined" icon={<ChevronRightIcon />} aria-label="Next review" onClick={() => goTo(index + 1)} />
          </div>
        </div>
        {reviewsUrl ? (
          <div className="section-cta">
            <AnchorButton
              href={reviewsUrl}
              target="_blank"
              rel="noopener"
              variant="minimal"
              endIcon={<ChevronRightIcon />}
              text="View all reviews"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
