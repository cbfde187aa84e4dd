/** Fixed content of the public site (hero slides and reviews are not stored). */
export const SITE = {
  name: 'Meeple Haven Board Game Café',
  shortName: 'Meeple Haven',
  tagline: 'Board games, fresh food and good company in Waukesha, WI',
  address: '742 Maple Grove Ave, Waukesha, WI 53186',
  mapUrl: 'https://www.openstreetmap.org/search?query=742%20Maple%20Grove%20Ave%2C%20Waukesha%2C%20WI%2053186',
  gameLibraryUrl: 'https://boardgamegeek.com/collection/user/MeepleHavenCafe',
  orderOnlineUrl: 'https://www.doordash.com/store/meeple-haven-board-game-cafe-waukesha/',
  reviewsUrl: 'https://www.google.com/search?q=Meeple+Haven+Board+Game+Caf%C3%A9+Waukesha+reviews',
  facebookUrl: 'https://www.facebook.com/meeplehavencafe',
  instagramUrl: 'https://www.instagram.com/meeplehavencafe',
  gameCount: '850+',
  coverFee: '$6',
} as const;

/** One responsive picture: files are `${base}-${width}.webp` under public/images. */
export interface Picture {
  base: string;
  widths: readonly number[];
  width: number;
  height: number;
  alt: string;
}

export const srcSet = (p: Picture) => p.widths.map((w) => `/images/${p.base}-${w}.webp ${w}w`).join(', ');
export const src = (p: Picture, width = p.widths[p.widths.length - 1]) => `/images/${p.base}-${width}.webp`;

/** The hero photos fill the viewport's width (object-fit: cover); index.html preloads them with these sizes. */
export const HERO_IMAGE_SIZES = '100vw';

const hero = (base: string, alt: string): Picture => ({ base, widths: [640, 1024, 1600, 1920], width: 1920, height: 1080, alt });

export type SlideIcon = 'games' | 'food' | 'calendar';

export interface HeroSlide {
  image: Picture;
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
  icon: SlideIcon;
  buttonStyle: 'primary' | 'warning' | 'success';
  /** A second link beside the button (the first slide's own library page). */
  secondaryText?: string;
  secondaryLink?: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    image: hero('hero/games-wall', 'Shelves packed with colourful board game boxes'),
    title: 'Over 850+ Games!',
    description: 'From quick party games to epic campaigns: our game gurus will teach you any of 50+ favourites at your table.',
    buttonText: 'Browse Our Games',
    buttonLink: SITE.gameLibraryUrl,
    icon: 'games',
    buttonStyle: 'primary',
    secondaryText: 'Search Our Library',
    secondaryLink: '/games',
  },
  {
    image: hero('hero/fresh-food', 'Pizza, salad and a sub on a wooden table'),
    title: 'Food Made Fresh!',
    description: 'Stone-baked pizzas, toasted subs and crisp salads, made to order and easy to eat between turns.',
    buttonText: 'Order Online',
    buttonLink: SITE.orderOnlineUrl,
    icon: 'food',
    buttonStyle: 'primary',
  },
  {
    image: hero('hero/game-night', 'A board game in play with dice, cards and meeples'),
    title: 'Find Your Game!',
    description: 'Grab a table for two or ten. Reserve ahead for weekend nights; walk-ins are always welcome.',
    buttonText: 'Book a Table',
    buttonLink: '#reservations',
    icon: 'calendar',
    buttonStyle: 'success',
  },
];

export const ABOUT_PICTURE: Picture = {
  base: 'about/cafe-table',
  widths: [480, 800, 1200],
  width: 1200,
  height: 900,
  alt: 'A game table with a board, cards, dice and a coffee',
};

/**
 * The landing page's menu teaser: a card per group of the menu's categories. The card's words are the
 * category's own description (the full menu shows the same); `text` stands in only when a category has none.
 */
export const FOOD_GROUPS = [
  {
    key: 'pizzas',
    title: 'Pizzas',
    text: 'Hand-tossed pies, stone-baked to order and cut in squares, so no sauce gets on the cards.',
    picture: { base: 'food/pizza', widths: [400, 800], width: 800, height: 600, alt: 'A pepperoni and basil pizza' },
  },
  {
    key: 'subs',
    title: 'Subs & Wraps',
    text: 'Toasted subs and fresh wraps, easy to eat with one hand while you plan your next move.',
    picture: { base: 'food/subs-wraps', widths: [400, 800], width: 800, height: 600, alt: 'Two toasted subs' },
  },
  {
    key: 'salads',
    title: 'Salads',
    text: 'Crisp greens and house dressings for a lighter bite between rounds.',
    picture: { base: 'food/salads', widths: [400, 800], width: 800, height: 600, alt: 'A fresh garden salad' },
  },
  {
    key: 'drinks',
    title: 'Drinks',
    text: 'Coffee, tea, sodas and local craft root beer.',
    picture: { base: 'food/drinks', widths: [400, 800], width: 800, height: 600, alt: 'Lattes and an iced soda on a wooden table' },
  },
] as const satisfies readonly { key: string; title: string; text: string; picture: Picture }[];

export type FoodGroup = (typeof FOOD_GROUPS)[number]['key'];

export interface Review {
  name: string;
  text: string;
}

export const REVIEWS: readonly Review[] = [
  {
    name: 'Jenna K.',
    text: 'We came for one game and stayed four hours. The staff taught us Wingspan in ten minutes and the pizza was honestly the best in Waukesha.',
  },
  {
    name: 'Marcus T.',
    text: 'Booked a birthday party for my son and twelve friends. They set everything up, picked great games for the age group and kept the snacks coming.',
  },
  {
    name: 'Priya S.',
    text: 'Huge library, spotless tables and friendly game gurus. The cover fee is a steal for an evening of fun. Our new Friday night spot!',
  },
  {
    name: 'Dave & Linda R.',
    text: 'Date night idea that actually worked. Cozy, not too loud, and the salads are fresh. We reserved ahead and our table was ready on time.',
  },
  {
    name: 'Tom H.',
    text: 'Did a team-building afternoon here with our office. Everybody loved it, even the people who said they ‘don’t do board games’.',
  },
];
