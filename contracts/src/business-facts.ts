import { PUBLIC_RESERVATION_SIZES } from './business.js';

/**
 * What the café tells its guests about itself, edited by staff in Business Info: the play cover, how long
 * a table is held past its time, the parking and family notes, the party sizes taken online, how many
 * games staff teach and the café's outside links. Business info that never held a value reads these
 * defaults (the demo's own words). No zod here: the landing page imports this module by itself
 * ('@cafe/contracts/business-facts').
 */

/** Who the café is until business info says otherwise. */
export const DEFAULT_CAFE = {
  name: 'Meeple Haven Board Game Café',
  /** Where no business info is at hand (the staff pages' titles). */
  shortName: 'Meeple Haven',
  /** The landing page's title: the name and the address's town. */
  title: 'Meeple Haven Board Game Café · Waukesha, WI',
  tagline: 'Board games, fresh food and good company in Waukesha, WI',
  address: '742 Maple Grove Ave, Waukesha, WI 53186',
  mapUrl: 'https://www.openstreetmap.org/search?query=742%20Maple%20Grove%20Ave%2C%20Waukesha%2C%20WI%2053186',
  facebookUrl: 'https://www.facebook.com/meeplehavencafe',
  instagramUrl: 'https://www.instagram.com/meeplehavencafe',
} as const;

export interface BusinessFacts {
  /** The play cover per player as an exact decimal ('6.00'; '0.00' for free play). */
  coverCharge: string;
  /** A line under the cover ('' shows none). */
  coverNote: string;
  /** Minutes a table is held past the booking's time (0: not held). */
  lateHoldMinutes: number;
  parkingNote: string;
  familyNote: string;
  /** The party sizes the public party form takes; the largest is bounded by the seat capacity. */
  partySizeMin: number;
  partySizeMax: number;
  /** How many games staff teach ('50+'). */
  gamesTaught: number;
  orderOnlineUrl: string;
  reviewsUrl: string;
  /** The café's collection on an outside site (the hero's "Browse Our Games"). */
  gameCollectionUrl: string;
}

export const DEFAULT_FACTS: BusinessFacts = {
  coverCharge: '6.00',
  coverNote: 'One small fee per player and you can play as long as you like.',
  lateHoldMinutes: 15,
  parkingNote: 'Free parking behind the building.',
  familyNote: 'Family friendly; kids under 5 play free.',
  partySizeMin: 6,
  partySizeMax: 24,
  gamesTaught: 50,
  orderOnlineUrl: 'https://www.doordash.com/store/meeple-haven-board-game-cafe-waukesha/',
  reviewsUrl: 'https://www.google.com/search?q=Meeple+Haven+Board+Game+Caf%C3%A9+Waukesha+reviews',
  gameCollectionUrl: 'https://boardgamegeek.com/collection/user/MeepleHavenCafe',
};

/** How many games the library holds ({ games: n }): the landing page's hero and about section say it. */
export const GAME_COUNT_PATH = '/api/games/count';

/** Choices for the hold past a booking's time: 0 to an hour, in 5-minute steps. */
export const LATE_HOLD_OPTIONS = Array.from({ length: 13 }, (_, i) => i * 5);
export const COVER_CHARGE_MAX = 1000;
export const GAMES_TAUGHT_MAX = 10_000;

/** '6.00' → '$6', '6.5' → '$6.50'. */
export function formatCover(price: string): string {
  const [whole = '0', cents = '00'] = price.split('.');
  const trimmed = whole.replace(/^0+(?=\d)/, '');
  return /^0*$/.test(cents) ? `$${trimmed}` : `$${trimmed}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** The landing page's cover point: '$6 play cover', or 'Free play' when the cover is nothing. */
export const coverTitle = (price: string) => (/^[0.]*$/.test(price) ? 'Free play' : `${formatCover(price)} play cover`);

/** The reservation section's promise about a late arrival. */
export const lateHoldText = (minutes: number) =>
  minutes > 0
    ? `Your table is held for ${minutes} minutes past your time.`
    : 'Please arrive on time: your table is not held past your time.';

/** How many games the library holds, said round and never more than it holds: 867 → '850+', 67 → '60+', 7 → '7'. */
export function gamesCountLabel(count: number): string {
  if (count < 10) return String(count);
  const step = count < 100 ? 10 : count < 1000 ? 50 : 100;
  return `${Math.floor(count / step) * step}+`;
}

/** The hero's first slide: '850+ Games!' from the library's count (never 'Over 850+', which says 'more than' twice). */
export function gamesHeroTitle(count: number | undefined): string {
  if (!count) return 'Our Game Library!';
  if (count < 10) return `${count} ${count === 1 ? 'Game' : 'Games'} to Play!`;
  return `${gamesCountLabel(count)} Games!`;
}

/** '6 to 24'; one number for a range of one; '' for none. */
export const sizeRangeText = (sizes: readonly number[]) =>
  sizes.length > 1 ? `${sizes[0]} to ${sizes.at(-1)}` : sizes.length === 1 ? `${sizes[0]}` : '';

/** The party sizes taken online: from the smallest to the largest, none above the seat capacity. */
export function partySizesOf(range: { partySizeMin: number; partySizeMax: number }, seatCapacity = Infinity): number[] {
  const sizes: number[] = [];
  for (let n = range.partySizeMin; n <= Math.min(range.partySizeMax, seatCapacity); n++) sizes.push(n);
  return sizes;
}

/** '2 to 10': the table sizes the public reservation form offers. */
export const RESERVATION_SIZES_TEXT = sizeRangeText(PUBLIC_RESERVATION_SIZES);
