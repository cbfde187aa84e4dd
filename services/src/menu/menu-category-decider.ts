import {
  type MenuCategoryChanges,
  type MenuCategoryFields,
  type MenuCategoryData,
  type MenuCategoryEvent,
  MENU_CATEGORY_NOT_FOUND,
  categoryHasItemsMessage,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { onlyChanged } from '../platform/commands/only-changed.js';

export const menuCategoryStream = (id: string) => streamName('menuCategory', id);

export type MenuCategoryState =
  { status: 'none' } | { status: 'active'; categoryId: string; category: MenuCategoryData } | { status: 'deleted'; categoryId: string };

export type MenuCategoryCommand =
  | { type: 'CreateMenuCategory'; categoryId: string; fields: MenuCategoryFields }
  | { type: 'UpdateMenuCategory'; changes: MenuCategoryChanges }
  /** itemCount: the category's menu items, counted by the handler. */
  | { type: 'DeleteMenuCategory'; itemCount: number };

export const menuCategoryDecider: Decider<MenuCategoryState, MenuCategoryCommand, MenuCategoryEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MenuCategoryCreated': {
        const { categoryId, ...category } = event.data;
        return { status: 'active', categoryId, category };
      }
      case 'MenuCategoryUpdated': {
        if (state.status !== 'active') return state;
        const { categoryId: _id, ...changes } = event.data;
        return { ...state, category: { ...state.category, ...changes } };
      }
      case 'MenuCategoryDeleted':
        return { status: 'deleted', categoryId: event.data.categoryId };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateMenuCategory': {
        if (state.status !== 'none') throw new Conflict('This menu category already exists');
        const { name, description, sortOrder } = command.fields;
        return [
          {
            type: 'MenuCategoryCreated',
            data: { categoryId: command.categoryId, name, description: description ?? null, sortOrder },
          },
        ];
      }
      case 'UpdateMenuCategory': {
        if (state.status !== 'active') throw new NotFound(MENU_CATEGORY_NOT_FOUND);
        const changes = onlyChanged<MenuCategoryData>(state.category, command.changes);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'MenuCategoryUpdated', data: { categoryId: state.categoryId, ...changes } }];
      }
      case 'DeleteMenuCategory': {
        if (state.status !== 'active') throw new NotFound(MENU_CATEGORY_NOT_FOUND);
        // Refuse rather than cascade: no orphaned items on the public menu, and no menu wiped by one click.
        if (command.itemCount > 0) throw new Conflict(categoryHasItemsMessage(state.category.name, command.itemCount));
        return [{ type: 'MenuCategoryDeleted', data: { categoryId: state.categoryId } }];
      }
    }
  },
};
