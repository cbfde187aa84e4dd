import { randomUUID } from 'node:crypto';
import type { MenuCategoryChanges, MenuCategoryFields, MenuItemChanges, MenuItemFields } from '@cafe/contracts';
import { runCommand, loadState, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { menuCategoryDecider, menuCategoryStream } from './menu-category-decider.js';
import { menuItemDecider, menuItemStream } from './menu-item-decider.js';
import { menuItemsProjection } from './menu-projections.js';

/** The menu's command handlers: the admin routes and the demo seed both go through these. */

export async function createMenuCategory(
  deps: CommandRuntime,
  fields: MenuCategoryFields,
  context: CommandContext,
  id: string = randomUUID(),
) {
  const result = await runCommand(
    deps,
    menuCategoryDecider,
    menuCategoryStream(id),
    { type: 'CreateMenuCategory', categoryId: id, fields },
    context,
  );
  return { id, result };
}

export function updateMenuCategory(deps: CommandRuntime, id: string, changes: MenuCategoryChanges, context: CommandContext) {
  return runCommand(deps, menuCategoryDecider, menuCategoryStream(id), { type: 'UpdateMenuCategory', changes }, context);
}

/**
 * Refused (409) while items remain. The items are counted from the menu_items read model, which the
 * gateway brings up to date before answering every write; the public menu also hides any item whose
 * category is gone, so a race here cannot show an orphan.
 */
export async function deleteMenuCategory(deps: CommandRuntime & { documents: DocumentStore }, id: string, context: CommandContext) {
  const itemCount = await deps.documents.collection(menuItemsProjection.name).count({ categoryId: id });
  return runCommand(deps, menuCategoryDecider, menuCategoryStream(id), { type: 'DeleteMenuCategory', itemCount }, context);
}

/** The cross-stream rule "the category must exist" reads the category's own stream. */
export async function categoryExists(eventStore: EventStore, categoryId: string): Promise<boolean> {
  const { state } = await loadState(eventStore, menuCategoryDecider, menuCategoryStream(categoryId));
  return state.status === 'active';
}

export async function createMenuItem(deps: CommandRuntime, fields: MenuItemFields, context: CommandContext, id: string = randomUUID()) {
  const exists = await categoryExists(deps.eventStore, fields.categoryId);
  const result = await runCommand(
    deps,
    menuItemDecider,
    menuItemStream(id),
    { type: 'CreateMenuItem', itemId: id, fields, categoryExists: exists },
    context,
  );
  return { id, result };
}

export async function updateMenuItem(deps: CommandRuntime, id: string, changes: MenuItemChanges, context: CommandContext) {
  const exists = changes.categoryId !== undefined ? await categoryExists(deps.eventStore, changes.categoryId) : true;
  return runCommand(deps, menuItemDecider, menuItemStream(id), { type: 'UpdateMenuItem', changes, categoryExists: exists }, context);
}

export function deleteMenuItem(deps: CommandRuntime, id: string, context: CommandContext) {
  return runCommand(deps, menuItemDecider, menuItemStream(id), { type: 'DeleteMenuItem' }, context);
}
