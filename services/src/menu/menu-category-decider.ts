import type { MenuCategoryChanges, MenuCategoryFields } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { ConflictError, NotFoundError } from '../platform/errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { onlyChanged } from '../platform/commands/only-changed.js';

export const menuCategoryStream = (id: string) => streamName('menuCategory', id);
export const MENU_CATEGORY_NOT_FOUND = 'Menu category not found';

export interface MenuCategoryData {
  name: string;
  description: string | null;
  sortOrder: number;
}

export type MenuCategoryEvent =
  | { type: 'MenuCategoryCreated'; data: MenuCategoryData & { categoryId: string } }
  | { type: 'MenuCategoryUpdated'; data: Partial<MenuCategoryData> & { categoryId: string } }
  | { type: 'MenuCategoryDeleted'; data: { categoryId: string } };

export type MenuCategoryState =
  | { status: 'none' }
  | { status: 'active'; categoryId: string; category: MenuCategoryData }
  | { status: 'deleted'; categoryId: string };

export type MenuCategoryCommand =
  | { type: 'CreateMenuCategory'; categoryId: string; fields: MenuCategoryFields }
  | { type: 'UpdateMenuCategory'; changes: MenuCategoryChanges }
  /** itemCount: the category's menu items, counted by the handler. */
  | { type: 'DeleteMenuCategory'; itemCount: number };

export const categoryHasItemsMessage = (name: string, count: number) =>
  `The category "${name}" still has ${count} menu item${count === 1 ? '' : 's'}. Move or delete ${count === 1 ? 'it' : 'them'} first, then delete the category.`;

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
        if (state.status !== 'none') throw new ConflictError('This menu category already exists');
        const { name, description, sortOrder } = command.fields;
        return [
          {
            type: 'MenuCategoryCreated',
            data: { categoryId: command.categoryId, name, description: description ?? null, sortOrder },
          },
        ];
      }
      case 'UpdateMenuCategory': {
        if (state.status !== 'active') throw new NotFoundError(MENU_CATEGORY_NOT_FOUND);
        const changes = onlyChanged<MenuCategoryData>(state.category, command.changes);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'MenuCategoryUpdated', data: { categoryId: state.categoryId, ...changes } }];
      }
      case 'DeleteMenuCategory': {
        if (state.status !== 'active') throw new NotFoundError(MENU_CATEGORY_NOT_FOUND);
        // Refuse rather than cascade: no orphaned items on the public menu, and no menu wiped by one click.
        if (command.itemCount > 0) throw new ConflictError(categoryHasItemsMessage(state.category.name, command.itemCount));
        return [{ type: 'MenuCategoryDeleted', data: { categoryId: state.categoryId } }];
      }
    }
  },
};
