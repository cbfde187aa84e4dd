/**
 * The public site's fixed pictures and words that are not facts about the café (no name, price, count,
 * policy or link: those are Business Info's, web/src/lib/business-info.ts, and the library's count).
 */

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

/** A hero slide's picture and look; its words and links come from the café's facts (hero-slides.ts). */
export interface HeroSlide {
  key: 'games' | 'food' | 'book';
  image: Picture;
  icon: SlideIcon;
  buttonStyle: 'primary' | 'warning' | 'success';
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  { key: 'games', image: hero('hero/games-wall', 'Shelves packed with colourful board game boxes'), icon: 'games', buttonStyle: 'primary' },
  { key: 'food', image: hero('hero/fresh-food', 'Pizza, salad and a sub on a wooden table'), icon: 'food', buttonStyle: 'primary' },
  {
    key: 'book',
    image: hero('hero/game-night', 'A board game in play with dice, cards and meeples'),
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
