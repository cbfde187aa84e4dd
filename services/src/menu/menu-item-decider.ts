import type { MenuItemChanges, MenuItemFields } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { onlyChanged } from '../platform/commands/only-changed.js';

export const menuItemStream = (id: string) => streamName('menuItem', id);
export const MENU_ITEM_NOT_FOUND = 'Menu item not found';
export const CATEGORY_MISSING_MESSAGE = 'That category does not exist (it may have been deleted). Please choose another one.';

export interface MenuItemData {
  categoryId: string;
  name: string;
  description: string | null;
  /** decimal(10,2) as exact text, e.g. '12.10'. */
  price: string;
  imageUrl: string | null;
  isPopular: boolean;
  isVisible: boolean;
  sortOrder: number;
}

export type MenuItemEvent =
  | { type: 'MenuItemCreated'; data: MenuItemData & { itemId: string } }
  | { type: 'MenuItemUpdated'; data: Partial<MenuItemData> & { itemId: string } }
  | { type: 'MenuItemDeleted'; data: { itemId: string; categoryId: string } };

export type MenuItemState =
  | { status: 'none' }
  | { status: 'active'; itemId: string; item: MenuItemData }
  | { status: 'deleted'; itemId: string };

export type MenuItemCommand =
  /** categoryExists: read by the handler from the category's stream (the event store, not a read model). */
  | { type: 'CreateMenuItem'; itemId: string; fields: MenuItemFields; categoryExists: boolean }
  | { type: 'UpdateMenuItem'; changes: MenuItemChanges; categoryExists: boolean }
  | { type: 'DeleteMenuItem' };

export const menuItemDecider: Decider<MenuItemState, MenuItemCommand, MenuItemEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MenuItemCreated': {
        const { itemId, ...item } = event.data;
        return { status: 'active', itemId, item };
      }
      case 'MenuItemUpdated': {
        if (state.status !== 'active') return state;
        const { itemId: _id, ...changes } = event.data;
        return { ...state, item: { ...state.item, ...changes } };
      }
      case 'MenuItemDeleted':
        return { status: 'deleted', itemId: event.data.itemId };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateMenuItem': {
        if (state.status !== 'none') throw new ConflictError('This menu item already exists');
        if (!command.categoryExists) throw new ValidationError(CATEGORY_MISSING_MESSAGE, [{ path: ['categoryId'], message: CATEGORY_MISSING_MESSAGE }]);
        const f = command.fields;
        return [
          {
            type: 'MenuItemCreated',
            data: {
              itemId: command.itemId,
              categoryId: f.categoryId,
              name: f.name,
              description: f.description ?? null,
              price: f.price,
              imageUrl: f.imageUrl ?? null,
              isPopular: f.isPopular,
              isVisible: f.isVisible,
              sortOrder: f.sortOrder,
            },
          },
        ];
      }
      case 'UpdateMenuItem': {
        if (state.status !== 'active') throw new NotFoundError(MENU_ITEM_NOT_FOUND);
        const changes = onlyChanged<MenuItemData>(state.item, command.changes);
        if (changes.categoryId !== undefined && !command.categoryExists) {
          throw new ValidationError(CATEGORY_MISSING_MESSAGE, [{ path: ['categoryId'], message: CATEGORY_MISSING_MESSAGE }]);
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'MenuItemUpdated', data: { itemId: state.itemId, ...changes } }];
      }
      case 'DeleteMenuItem':
        if (state.status !== 'active') throw new NotFoundError(MENU_ITEM_NOT_FOUND);
        return [{ type: 'MenuItemDeleted', data: { itemId: state.itemId, categoryId: state.item.categoryId } }];
    }
  },
};
