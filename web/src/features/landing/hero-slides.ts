import { RESERVATION_SIZES_TEXT, gamesHeroTitle, type BusinessFacts } from '@cafe/contracts/business-facts';
import { HERO_SLIDES, type HeroSlide } from '../../config/site';

export interface SlideWords {
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
  /** A second link beside the button (the first slide's own library page). */
  secondaryText?: string;
  secondaryLink?: string;
}

/**
 * The hero's words from what the café says of itself: the library's count ('850+ Games!', none
 * until it is known), how many games staff teach, its outside links (a cleared link leaves the site's
 * own page in its place) and the table sizes taken online.
 */
export function heroSlides(facts: BusinessFacts, gameCount: number | undefined): (HeroSlide & SlideWords)[] {
  const taught = facts.gamesTaught > 0 ? `any of ${facts.gamesTaught}+ favourites` : 'the games';
  const words: Record<HeroSlide['key'], SlideWords> = {
    games: {
      title: gamesHeroTitle(gameCount),
      description: `From quick party games to epic campaigns: our game gurus will teach you ${taught} at your table.`,
      ...(facts.gameCollectionUrl
        ? {
            buttonText: 'Browse Our Games',
            buttonLink: facts.gameCollectionUrl,
            secondaryText: 'Search Our Library',
            secondaryLink: '/games',
          }
        : { buttonText: 'Search Our Library', buttonLink: '/games' }),
    },
    food: {
      title: 'Food Made Fresh!',
      description: 'Stone-baked pizzas, toasted subs and crisp salads, made to order and easy to eat between turns.',
      ...(facts.orderOnlineUrl
        ? { buttonText: 'Order Online', buttonLink: facts.orderOnlineUrl }
        : { buttonText: 'See the Menu', buttonLink: '#menu' }),
    },
    book: {
      title: 'Find Your Game!',
      description: `Grab a table for ${RESERVATION_SIZES_TEXT} players. Reserve ahead for weekend nights; walk-ins are always welcome.`,
      buttonText: 'Book a Table',
      buttonLink: '#reservations',
    },
  };
  return HERO_SLIDES.map((slide) => ({ ...slide, ...words[slide.key] }));
}
