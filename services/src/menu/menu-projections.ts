import { defineProjection } from '../platform/projections/projection.js';
import type { MenuCategoryData, MenuCategoryEvent } from './menu-category-decider.js';
import type { MenuItemData, MenuItemEvent } from './menu-item-decider.js';

export interface MenuCategoryDoc extends MenuCategoryData {
  _id: string;
  [key: string]: unknown;
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface MenuItemDoc extends MenuItemData {
  _id: string;
  [key: string]: unknown;
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** menu_categories read model: live categories; a deleted one leaves (its history stays in its stream). */
export const menuCategoriesProjection = defineProjection<MenuCategoryDoc>({
  name: 'menu_categories',
  handles: ['MenuCategoryCreated', 'MenuCategoryUpdated', 'MenuCategoryDeleted'],
  documentIds: (event) => [(event.data as { categoryId: string }).categoryId],
  evolve: (doc, event) => {
    const e = { type: event.type, data: event.data } as MenuCategoryEvent;
    const at = event.metadata.occurredAt;
    const version = Number(event.revision);
    switch (e.type) {
      case 'MenuCategoryCreated': {
        const { categoryId, ...category } = e.data;
        return { _id: categoryId, id: categoryId, ...category, createdAt: at, updatedAt: at, version };
      }
      case 'MenuCategoryUpdated': {
        if (!doc) return null;
        const { categoryId: _id, ...changes } = e.data;
        return { ...doc, ...changes, updatedAt: at, version };
      }
      case 'MenuCategoryDeleted':
        return null;
    }
  },
});

/** menu_items read model. */
export const menuItemsProjection = defineProjection<MenuItemDoc>({
  name: 'menu_items',
  handles: ['MenuItemCreated', 'MenuItemUpdated', 'MenuItemDeleted'],
  documentIds: (event) => [(event.data as { itemId: string }).itemId],
  evolve: (doc, event) => {
    const e = { type: event.type, data: event.data } as MenuItemEvent;
    const at = event.metadata.occurredAt;
    const version = Number(event.revision);
    switch (e.type) {
      case 'MenuItemCreated': {
        const { itemId, ...item } = e.data;
        return { _id: itemId, id: itemId, ...item, createdAt: at, updatedAt: at, version };
      }
      case 'MenuItemUpdated': {
        if (!doc) return null;
        const { itemId: _id, ...changes } = e.data;
        return { ...doc, ...changes, updatedAt: at, version };
      }
      case 'MenuItemDeleted':
        return null;
    }
  },
});
