import {
  type MenuItemChanges,
  type MenuItemFields,
  type MenuItemData,
  type MenuItemEvent,
  MENU_ITEM_NOT_FOUND,
  CATEGORY_MISSING_MESSAGE,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { onlyChanged } from '../platform/commands/only-changed.js';

export const menuItemStream = (id: string) => streamName('menuItem', id);

export type MenuItemState =
  { status: 'none' } | { status: 'active'; itemId: string; item: MenuItemData } | { status: 'deleted'; itemId: string };

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
        if (state.status !== 'none') throw new Conflict('This menu item already exists');
        if (!command.categoryExists)
          throw new InvalidCommand(CATEGORY_MISSING_MESSAGE, [{ path: ['categoryId'], message: CATEGORY_MISSING_MESSAGE }]);
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
        if (state.status !== 'active') throw new NotFound(MENU_ITEM_NOT_FOUND);
        const changes = onlyChanged<MenuItemData>(state.item, command.changes);
        if (changes.categoryId !== undefined && !command.categoryExists) {
          throw new InvalidCommand(CATEGORY_MISSING_MESSAGE, [{ path: ['categoryId'], message: CATEGORY_MISSING_MESSAGE }]);
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'MenuItemUpdated', data: { itemId: state.itemId, ...changes } }];
      }
      case 'DeleteMenuItem':
        if (state.status !== 'active') throw new NotFound(MENU_ITEM_NOT_FOUND);
        return [{ type: 'MenuItemDeleted', data: { itemId: state.itemId, categoryId: state.item.categoryId } }];
    }
  },
};
