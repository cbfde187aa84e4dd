import { DEFAULT_EMAIL, DEFAULT_HOURS_TEXT, DEFAULT_PHONE, addDays, weekdayOf } from '@cafe/contracts';

/**
 * The living demo: what a fresh install shows. A board-game café in Waukesha, Wisconsin (a suburb of
 * Milwaukee); every name, address and link here is made up. Ids are readable and fixed so that two
 * seeders racing on one store collide (409) instead of doubling the menu.
 */
export const DEMO_CATEGORIES = [
  {
    id: 'pizzas',
    name: 'Pizzas',
    description:
      'Hand-tossed 12-inch pies, stone-baked to order and cut in squares, so no sauce gets on the cards. Gluten-free crust available.',
    sortOrder: 1,
  },
  {
    id: 'subs-and-wraps',
    name: 'Subs & Wraps',
    description: 'Toasted subs and fresh wraps, served with chips and easy to eat with one hand while you plan your next move.',
    sortOrder: 2,
  },
  {
    id: 'salads',
    name: 'Salads',
    description: 'Crisp greens and house dressings, big enough to share across the game table. Add chicken for $3.00.',
    sortOrder: 3,
  },
  {
    id: 'drinks',
    name: 'Drinks',
    description: 'Coffee, tea, sodas and local craft root beer.',
    sortOrder: 4,
  },
] as const;

type DemoItem = { id: string; categoryId: string; name: string; description: string; price: string; isPopular?: boolean };

export const DEMO_ITEMS: DemoItem[] = [
  {
    id: 'pizza-margherita',
    categoryId: 'pizzas',
    name: 'Margherita',
    description: 'Crushed tomato, fresh mozzarella, basil, olive oil.',
    price: '13.50',
    isPopular: true,
  },
  {
    id: 'pizza-pepperoni',
    categoryId: 'pizzas',
    name: 'Pepperoni Classic',
    description: 'Cup-and-char pepperoni over whole-milk mozzarella.',
    price: '14.95',
    isPopular: true,
  },
  {
    id: 'pizza-meeple-supreme',
    categoryId: 'pizzas',
    name: 'The Meeple Supreme',
    description: 'Sausage, pepperoni, mushrooms, green peppers, red onion, black olives.',
    price: '17.95',
  },
  {
    id: 'pizza-four-cheese',
    categoryId: 'pizzas',
    name: 'Wisconsin Four Cheese',
    description: 'Mozzarella, aged cheddar, provolone and parmesan, all from Wisconsin dairies.',
    price: '15.25',
    isPopular: true,
  },
  {
    id: 'pizza-bbq-chicken',
    categoryId: 'pizzas',
    name: 'BBQ Chicken',
    description: 'Smoky BBQ sauce, roasted chicken, red onion, cilantro.',
    price: '16.50',
  },
  {
    id: 'pizza-garden',
    categoryId: 'pizzas',
    name: 'Garden Veggie',
    description: 'Spinach, mushrooms, roasted peppers, tomatoes, feta.',
    price: '14.50',
  },
  {
    id: 'sub-italian',
    categoryId: 'subs-and-wraps',
    name: 'Italian Sub',
    description: 'Salami, capicola, ham, provolone, giardiniera, oil and vinegar.',
    price: '11.95',
    isPopular: true,
  },
  {
    id: 'sub-meatball',
    categoryId: 'subs-and-wraps',
    name: 'Meatball Sub',
    description: 'House meatballs, marinara, melted mozzarella.',
    price: '11.50',
  },
  {
    id: 'wrap-turkey-club',
    categoryId: 'subs-and-wraps',
    name: 'Turkey Club Wrap',
    description: 'Turkey, bacon, lettuce, tomato, chipotle mayo.',
    price: '10.75',
  },
  {
    id: 'wrap-buffalo-chicken',
    categoryId: 'subs-and-wraps',
    name: 'Buffalo Chicken Wrap',
    description: 'Crispy chicken, buffalo sauce, romaine, blue cheese.',
    price: '11.25',
  },
  {
    id: 'wrap-hummus-veggie',
    categoryId: 'subs-and-wraps',
    name: 'Hummus Veggie Wrap',
    description: 'Hummus, cucumber, roasted peppers, greens, feta.',
    price: '9.95',
  },
  {
    id: 'salad-caesar',
    categoryId: 'salads',
    name: 'Caesar Salad',
    description: 'Romaine, parmesan, garlic croutons, Caesar dressing.',
    price: '8.95',
    isPopular: true,
  },
  {
    id: 'salad-garden',
    categoryId: 'salads',
    name: 'Garden Salad',
    description: 'Mixed greens, tomatoes, cucumber, carrots, choice of dressing.',
    price: '7.50',
  },
  {
    id: 'salad-greek',
    categoryId: 'salads',
    name: 'Greek Salad',
    description: 'Romaine, feta, kalamata olives, red onion, pepperoncini.',
    price: '9.25',
  },
  {
    id: 'salad-cobb',
    categoryId: 'salads',
    name: 'Cobb Salad',
    description: 'Chicken, bacon, egg, avocado, blue cheese, tomatoes.',
    price: '11.50',
  },
  { id: 'drink-soda', categoryId: 'drinks', name: 'Fountain Soda', description: 'Free refills while you play.', price: '2.75' },
  {
    id: 'drink-root-beer',
    categoryId: 'drinks',
    name: 'Craft Root Beer',
    description: 'Brewed in Milwaukee, served in a frosty mug.',
    price: '3.95',
    isPopular: true,
  },
  { id: 'drink-iced-tea', categoryId: 'drinks', name: 'Fresh Brewed Iced Tea', description: 'Black or raspberry.', price: '2.95' },
  { id: 'drink-latte', categoryId: 'drinks', name: 'Latte', description: 'Double shot, whole or oat milk.', price: '4.75' },
  { id: 'drink-cold-brew', categoryId: 'drinks', name: 'Cold Brew', description: 'Slow-steeped for 18 hours.', price: '4.25' },
  {
    id: 'drink-hot-cocoa',
    categoryId: 'drinks',
    name: 'Hot Cocoa',
    description: 'With whipped cream and a dice-shaped marshmallow.',
    price: '3.50',
  },
];

export const DEMO_GALLERY = [
  {
    id: 'demo-board-game-table',
    file: 'board-game-table.jpg',
    alt: 'A strategy game mid-play with meeples, dice, cards and a latte',
    featured: true,
  },
  { id: 'demo-pizza-and-games', file: 'pizza-and-games.jpg', alt: 'A fresh pizza beside a game box and dice', featured: true },
  { id: 'demo-game-library-wall', file: 'game-library-wall.jpg', alt: 'Shelves of board games in the game library', featured: true },
  { id: 'demo-cafe-evening', file: 'cafe-evening.jpg', alt: 'Friends playing games at the café on an evening', featured: true },
  { id: 'demo-dice-on-felt', file: 'dice-on-felt.jpg', alt: 'Colourful dice on a green felt table', featured: false },
  { id: 'demo-card-game-night', file: 'card-game-night.jpg', alt: 'A card game with chips, a score pad and hot drinks', featured: false },
  { id: 'demo-meeple-crowd', file: 'meeple-crowd.jpg', alt: 'Rows of colourful meeples', featured: false },
  {
    id: 'demo-drinks-and-snacks',
    file: 'drinks-and-snacks.jpg',
    alt: 'Lattes, a root beer, a salad and wraps between games',
    featured: false,
  },
] as const;

export const DEMO_BUSINESS_INFO = {
  name: 'Meeple Haven Café',
  description:
    'A board-game café and hangout in Waukesha, Wisconsin: a wall of games to play for a small cover, staff who teach their favourites, games for sale, and pizzas, subs, wraps and salads made fresh.',
  address: '742 Maple Grove Ave, Waukesha, WI 53186',
  phone: DEFAULT_PHONE,
  email: DEFAULT_EMAIL,
  website: 'https://meeplehavencafe.com',
  hours: DEFAULT_HOURS_TEXT,
  social_media: {
    facebook: 'https://www.facebook.com/meeplehavencafe',
    instagram: 'https://www.instagram.com/meeplehavencafe',
  },
  announcement: 'New this month: the Wisconsin Four Cheese pizza, and Tuesday learn-to-play nights.',
};

/** The first date after `today` (at least `minDays` on) that falls on `weekday` (1 = Monday … 7 = Sunday). */
export function nextWeekday(today: string, weekday: number, minDays = 1): string {
  let date = addDays(today, minDays);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

/** A few upcoming events, placed relative to today so the demo never shows a stale calendar. */
export function demoEvents(today: string) {
  return [
    {
      id: 'demo-friday-game-night',
      title: 'Friday Night Game Night',
      description: 'Open tables, a stack of new arrivals and staff on hand to teach. Come alone or bring the crew.',
      event_date: nextWeekday(today, 5),
      event_time: '7:00 PM',
      hours: 4,
      location: 'Main hall',
      price: '$6 cover', // the site's play cover (business info's coverCharge, DEFAULT_FACTS): the same fee everywhere
      max_attendees: 48,
      isFeatured: true,
    },
    {
      id: 'demo-learn-to-play-wingspan',
      title: 'Learn-to-Play Tuesday',
      description: 'Every week a staff teacher walks a table through a modern classic (this month: Wingspan). Beginners welcome.',
      event_date: nextWeekday(today, 2, 2),
      event_time: '6:30 PM',
      hours: 2,
      location: 'Teaching table',
      price: 'Free with cover',
      max_attendees: 12,
      isFeatured: false,
      repeat: 'weekly' as const,
    },
    {
      id: 'demo-family-game-sunday',
      title: 'Family Game Sunday',
      description: 'Kid-friendly classics and cooperative games all afternoon. Kids under 10 play free.',
      event_date: nextWeekday(today, 7),
      event_time: '11:00 AM',
      hours: 5,
      location: 'Whole café',
      price: '$3 per adult',
      max_attendees: 60,
      isFeatured: false,
    },
    {
      id: 'demo-catan-tournament',
      title: 'Catan Tournament',
      description: 'Three rounds of Catan, a final table and prizes from our shop. Entry includes a slice and a drink.',
      event_date: nextWeekday(today, 6, 8),
      event_time: '1:00 PM',
      hours: 5,
      location: 'Tournament room',
      price: '$15 entry',
      max_attendees: 32,
      isFeatured: true,
      // The same Saturday of every month: each date its own sign-ups.
      repeat: 'monthly' as const,
    },
  ];
}
