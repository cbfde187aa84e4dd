import { type MenuCategoryData, type MenuCategoryEvent, type MenuItemData, type MenuItemEvent } from '@cafe/contracts';
import { contentProjection, type ContentDocMeta } from '../platform/projections/content-projection.js';

export interface MenuCategoryDoc extends MenuCategoryData, ContentDocMeta {}

export interface MenuItemDoc extends MenuItemData, ContentDocMeta {}

/** menu_categories read model: live categories; a deleted one leaves (its history stays in its stream). */
export const menuCategoriesProjection = contentProjection<MenuCategoryDoc, MenuCategoryEvent>({
  name: 'menu_categories',
  idField: 'categoryId',
  created: 'MenuCategoryCreated',
  updated: 'MenuCategoryUpdated',
  removed: 'MenuCategoryDeleted',
});

/** menu_items read model. */
export const menuItemsProjection = contentProjection<MenuItemDoc, MenuItemEvent>({
  name: 'menu_items',
  idField: 'itemId',
  created: 'MenuItemCreated',
  updated: 'MenuItemUpdated',
  removed: 'MenuItemDeleted',
});
