import { menuCategorySchema, menuItemSchema } from '@cafe/contracts';
import { parseWith } from '../platform/http/validation.js';
import { laterPosition, type DemoPart } from '../platform/runtime/demo-part.js';
import { createMenuCategory, createMenuItem } from './menu-commands.js';

/**
 * The living demo's menu (a board-game café in Waukesha, Wisconsin; every name here is made up). Ids
 * are readable and fixed so that two seeders racing on one store collide (409) instead of doubling it.
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

/** Seeds the categories, then the items in each category's order, through the menu's own commands. */
export const menuDemo: DemoPart = {
  async seed(runtime, context) {
    let position = null;
    for (const { id, ...category } of DEMO_CATEGORIES) {
      position = laterPosition(
        position,
        (await createMenuCategory(runtime, parseWith(menuCategorySchema, category), context, id)).result.position,
      );
    }
    let sortOrder = 0;
    let lastCategory = '';
    for (const { id, ...item } of DEMO_ITEMS) {
      sortOrder = item.categoryId === lastCategory ? sortOrder + 1 : 0;
      lastCategory = item.categoryId;
      position = laterPosition(
        position,
        (await createMenuItem(runtime, parseWith(menuItemSchema, { ...item, sortOrder }), context, id)).result.position,
      );
    }
    return {
      counts: { categories: DEMO_CATEGORIES.length, items: DEMO_ITEMS.length },
      told: `${DEMO_CATEGORIES.length} menu categories, ${DEMO_ITEMS.length} menu items`,
      position,
    };
  },
};
