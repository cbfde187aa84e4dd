import { describe, it } from 'vitest';
import {
  menuCategorySchema,
  menuCategoryUpdateSchema,
  menuItemSchema,
  menuItemUpdateSchema,
  type MenuCategoryEvent,
  CATEGORY_MISSING_MESSAGE,
  type MenuItemData,
  type MenuItemEvent,
} from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { menuCategoryDecider } from './menu-category-decider.js';
import { menuItemDecider } from './menu-item-decider.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';

const categories = deciderSpec(menuCategoryDecider, WEDNESDAY);
const created: MenuCategoryEvent = {
  type: 'MenuCategoryCreated',
  data: { categoryId: 'pizzas', name: 'Pizzas', description: null, sortOrder: 1 },
};

describe('menu category decider', () => {
  it('given nothing, when created, then MenuCategoryCreated', () => {
    categories
      .given([])
      .when({ type: 'CreateMenuCategory', categoryId: 'pizzas', fields: menuCategorySchema.parse({ name: 'Pizzas', sortOrder: 1 }) })
      .then([created]);
  });
  it('given a category, when created again, then 409', () => {
    categories
      .given([created])
      .when({ type: 'CreateMenuCategory', categoryId: 'pizzas', fields: menuCategorySchema.parse({ name: 'X' }) })
      .thenThrows(Conflict, /already exists/);
  });
  it('given a category, when updated, then only the changed fields; nothing when nothing changed', () => {
    categories
      .given([created])
      .when({ type: 'UpdateMenuCategory', changes: menuCategoryUpdateSchema.parse({ name: 'Pizzas', description: 'Hand-tossed' }) })
      .then([{ type: 'MenuCategoryUpdated', data: { categoryId: 'pizzas', description: 'Hand-tossed' } }]);
    categories
      .given([created])
      .when({ type: 'UpdateMenuCategory', changes: menuCategoryUpdateSchema.parse({ name: 'Pizzas', sortOrder: 1 }) })
      .thenNothing();
  });
  it('given a category with items, when deleted, then 409 naming the count; without items, MenuCategoryDeleted', () => {
    categories
      .given([created])
      .when({ type: 'DeleteMenuCategory', itemCount: 3 })
      .thenThrows(Conflict, 'The category "Pizzas" still has 3 menu items. Move or delete them first, then delete the category.');
    categories
      .given([created])
      .when({ type: 'DeleteMenuCategory', itemCount: 0 })
      .then([{ type: 'MenuCategoryDeleted', data: { categoryId: 'pizzas' } }]);
  });
  it('given a deleted category, when updated or deleted, then 404', () => {
    const deleted: MenuCategoryEvent = { type: 'MenuCategoryDeleted', data: { categoryId: 'pizzas' } };
    categories
      .given([created, deleted])
      .when({ type: 'UpdateMenuCategory', changes: menuCategoryUpdateSchema.parse({ name: 'X' }) })
      .thenThrows(NotFound, 'Menu category not found');
    categories.given([created, deleted]).when({ type: 'DeleteMenuCategory', itemCount: 0 }).thenThrows(NotFound, 'Menu category not found');
  });
});

const items = deciderSpec(menuItemDecider, WEDNESDAY);
const item: MenuItemData = {
  categoryId: 'pizzas',
  name: 'Margherita',
  description: null,
  price: '12.10',
  imageUrl: null,
  isPopular: false,
  isVisible: true,
  sortOrder: 0,
};
const itemCreated: MenuItemEvent = { type: 'MenuItemCreated', data: { itemId: 'm1', ...item } };

describe('menu item decider', () => {
  it('given nothing, when created in an existing category, then MenuItemCreated with the exact price', () => {
    items
      .given([])
      .when({
        type: 'CreateMenuItem',
        itemId: 'm1',
        fields: menuItemSchema.parse({ categoryId: 'pizzas', name: 'Margherita', price: 12.1 }),
        categoryExists: true,
      })
      .then([itemCreated]);
  });
  it('given nothing, when created in a category that does not exist, then 400', () => {
    items
      .given([])
      .when({ type: 'CreateMenuItem', itemId: 'm1', fields: menuItemSchema.parse(item), categoryExists: false })
      .thenThrows(InvalidCommand, CATEGORY_MISSING_MESSAGE);
  });
  it('given an item, when moved to a missing category, then 400; other changes need no category check', () => {
    items
      .given([itemCreated])
      .when({ type: 'UpdateMenuItem', changes: menuItemUpdateSchema.parse({ categoryId: 'gone' }), categoryExists: false })
      .thenThrows(InvalidCommand, CATEGORY_MISSING_MESSAGE);
    items
      .given([itemCreated])
      .when({ type: 'UpdateMenuItem', changes: menuItemUpdateSchema.parse({ price: '12.1', isVisible: false }), categoryExists: false })
      .then([{ type: 'MenuItemUpdated', data: { itemId: 'm1', isVisible: false } }]);
  });
  it('given a deleted item, when updated, then 404', () => {
    items
      .given([itemCreated, { type: 'MenuItemDeleted', data: { itemId: 'm1', categoryId: 'pizzas' } }])
      .when({ type: 'UpdateMenuItem', changes: menuItemUpdateSchema.parse({ name: 'X' }), categoryExists: true })
      .thenThrows(NotFound, 'Menu item not found');
  });
});
