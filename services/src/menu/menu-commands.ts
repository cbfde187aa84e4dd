import { randomUUID } from 'node:crypto';
import type { MenuCategoryChanges, MenuCategoryFields, MenuItemChanges, MenuItemFields } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf } from '../platform/commands/command-pipeline.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { menuCategoryDecider, menuCategoryStream, type MenuCategoryCommand } from './menu-category-decider.js';
import { menuItemDecider, menuItemStream, type MenuItemCommand } from './menu-item-decider.js';
import { menuItemsProjection } from './menu-projections.js';

/** The menu's command handlers: the admin routes and the demo seed both go through these. */

const categoryStream = (id: string) => streamOf(menuCategoryDecider, menuCategoryStream(id));
const itemStream = (id: string) => streamOf(menuItemDecider, menuItemStream(id));

/** A command on a category, made in the pipeline (a deletion counts the category's items there). */
async function onCategory(
  runtime: CommandRuntime,
  id: string,
  command: () => MenuCategoryCommand | Promise<MenuCategoryCommand>,
  context: CommandContext,
) {
  const { value, position } = await runPipeline(runtime, context, async (tx) =>
    tx.decide(categoryStream(id), menuCategoryDecider.decide, await command()),
  );
  return { events: value.events, version: value.version, position };
}

/**
 * A command on a menu item. `categoryId`: the category the item is to be in, loaded in the same command
 * and required unchanged at the append, so a category deleted meanwhile makes the command decide again.
 */
async function onItem(
  runtime: CommandRuntime,
  id: string,
  categoryId: string | undefined,
  command: (categoryExists: boolean) => MenuItemCommand,
  context: CommandContext,
) {
  const { value, position } = await runPipeline(runtime, context, async (tx) => {
    let exists = true;
    if (categoryId !== undefined) {
      const category = await tx.load(categoryStream(categoryId));
      tx.require(category);
      exists = category.state.status === 'active';
    }
    return tx.decide(itemStream(id), menuItemDecider.decide, command(exists));
  });
  return { events: value.events, version: value.version, position };
}

export async function createMenuCategory(
  runtime: CommandRuntime,
  fields: MenuCategoryFields,
  context: CommandContext,
  id: string = randomUUID(),
) {
  const result = await onCategory(runtime, id, () => ({ type: 'CreateMenuCategory', categoryId: id, fields }), context);
  return { id, result };
}

export function updateMenuCategory(runtime: CommandRuntime, id: string, changes: MenuCategoryChanges, context: CommandContext) {
  return onCategory(runtime, id, () => ({ type: 'UpdateMenuCategory', changes }), context);
}

/**
 * Refused (409) while items remain. The items are counted from the menu_items read model, which the
 * gateway brings up to date before answering every write; the public menu also hides any item whose
 * category is gone, so a race here cannot show an orphan.
 */
export function deleteMenuCategory(runtime: CommandRuntime & { documents: DocumentStore }, id: string, context: CommandContext) {
  return onCategory(
    runtime,
    id,
    async () => ({
      type: 'DeleteMenuCategory',
      itemCount: await runtime.documents.collection(menuItemsProjection.name).count({ categoryId: id }),
    }),
    context,
  );
}

export async function createMenuItem(runtime: CommandRuntime, fields: MenuItemFields, context: CommandContext, id: string = randomUUID()) {
  const result = await onItem(
    runtime,
    id,
    fields.categoryId,
    (categoryExists) => ({ type: 'CreateMenuItem', itemId: id, fields, categoryExists }),
    context,
  );
  return { id, result };
}

export function updateMenuItem(runtime: CommandRuntime, id: string, changes: MenuItemChanges, context: CommandContext) {
  return onItem(runtime, id, changes.categoryId, (categoryExists) => ({ type: 'UpdateMenuItem', changes, categoryExists }), context);
}

export function deleteMenuItem(runtime: CommandRuntime, id: string, context: CommandContext) {
  return onItem(runtime, id, undefined, () => ({ type: 'DeleteMenuItem' }), context);
}
