import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  menuCategoryOut,
  menuCategorySchema,
  menuCategoryUpdateSchema,
  menuItemOut,
  menuItemSchema,
  menuItemUpdateSchema,
  type MenuCategory,
  type MenuItem,
  MENU_CATEGORY_NOT_FOUND,
  MENU_ITEM_NOT_FOUND,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { checkId } from '../platform/http/validation.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { answerCache } from '../platform/http/answer-cache.js';
import { accepts, fromCache } from '../platform/http/openapi.js';
import { menuCategoriesProjection, menuItemsProjection, type MenuCategoryDoc, type MenuItemDoc } from './menu-projections.js';
import {
  createMenuCategory,
  createMenuItem,
  deleteMenuCategory,
  deleteMenuItem,
  updateMenuCategory,
  updateMenuItem,
} from './menu-commands.js';

const idParams = z.object({ id: z.string() });
const deletedOut = z.object({ id: z.string() });
const itemsQuery = z.object({ categoryId: z.string().optional() });

/** Items in menu order; visitors see the visible items of live categories only. */
async function listItems(runtime: Runtime, audience: 'visitor' | 'staff', categoryId: string | undefined): Promise<MenuItem[]> {
  const staff = audience === 'staff';
  const filter: Record<string, unknown> = staff ? {} : { isVisible: true };
  if (categoryId) filter.categoryId = categoryId;
  const docs = await runtime.documents.collection<MenuItemDoc>(menuItemsProjection.name).find(filter, { sort: { sortOrder: 1, name: 1 } });
  const categories = await runtime.documents
    .collection<MenuCategoryDoc>(menuCategoriesProjection.name)
    .find({}, { sort: { sortOrder: 1, name: 1 } });
  const order = new Map(categories.map((c, index) => [c.id, index] as const));
  const rank = (d: MenuItemDoc) => order.get(d.categoryId) ?? Number.MAX_SAFE_INTEGER;
  // Array.prototype.sort is stable: within a category the store's order stays.
  return docs
    .filter((d) => staff || order.has(d.categoryId))
    .sort((a, b) => rank(a) - rank(b))
    .map(toItem);
}

/** Anonymous reads: no session, answered from a serialised copy per read-model version. */
export const menuPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const categories = () => runtime.documents.collection<MenuCategoryDoc>(menuCategoriesProjection.name);
  // Both lists depend on the categories (their order, which are live); the items list on the items too.
  const versions = async () =>
    `${await runtime.readModels.versionOf(menuItemsProjection.name)}.${await runtime.readModels.versionOf(menuCategoriesProjection.name)}`;
  const cached = answerCache();

  app.get('/menu/categories', { schema: { ...fromCache, response: { 200: z.array(menuCategoryOut) } } }, async (request, reply) =>
    cached(request, reply, 'menu-categories', await versions(), async () =>
      (await categories().find({}, { sort: { sortOrder: 1, name: 1 } })).map(toCategory),
    ),
  );

  // Visible items of live categories, in menu order (category, then item sortOrder and name).
  const visibleItems = { ...fromCache, querystring: itemsQuery, response: { 200: z.array(menuItemOut) } };
  app.get('/menu/items', { schema: visibleItems }, async (request, reply) => {
    const { categoryId } = request.query;
    return cached(request, reply, `menu-items:${categoryId ?? ''}`, await versions(), () => listItems(runtime, 'visitor', categoryId));
  });
};

export const menuRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const categories = () => runtime.documents.collection<MenuCategoryDoc>(menuCategoriesProjection.name);
  const items = () => runtime.documents.collection<MenuItemDoc>(menuItemsProjection.name);
  const categoryOut = async (id: string) => toCategory(await found(categories().get(id), MENU_CATEGORY_NOT_FOUND));
  const itemOut = async (id: string) => toItem(await found(items().get(id), MENU_ITEM_NOT_FOUND));
  const docs = {
    addCategory: accepts({ body: menuCategorySchema }),
    changeCategory: accepts({ body: menuCategoryUpdateSchema }),
    addItem: { ...accepts({ body: menuItemSchema }), response: { 201: menuItemOut } },
    changeItem: accepts({ body: menuItemUpdateSchema }),
  };

  // Staff: every item, hidden ones too, and any whose category is gone, last.
  app.get(
    '/admin/menu/items',
    { preHandler: requireAdmin, schema: { querystring: itemsQuery, response: { 200: z.array(menuItemOut) } } },
    async (request) => listItems(runtime, 'staff', request.query.categoryId),
  );

  app.post(
    '/admin/menu/categories',
    { preHandler: requireAdmin, schema: { ...docs.addCategory, response: { 201: menuCategoryOut } } },
    async (request, reply) => {
      const { id } = await createMenuCategory(runtime, request.body, request.commandContext());
      return reply.status(201).send(await categoryOut(id));
    },
  );

  app.put(
    '/admin/menu/categories/:id',
    { preHandler: requireAdmin, schema: { ...docs.changeCategory, params: idParams, response: { 200: menuCategoryOut } } },
    async (request) => {
      const id = checkId(request.params.id, MENU_CATEGORY_NOT_FOUND);
      await updateMenuCategory(runtime, id, request.body, request.commandContext());
      return categoryOut(id);
    },
  );

  app.delete(
    '/admin/menu/categories/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: deletedOut } } },
    async (request) => {
      const id = checkId(request.params.id, MENU_CATEGORY_NOT_FOUND);
      await deleteMenuCategory(runtime, id, request.commandContext());
      return { id };
    },
  );

  app.post('/admin/menu/items', { preHandler: requireAdmin, schema: docs.addItem }, async (request, reply) => {
    const { id } = await createMenuItem(runtime, request.body, request.commandContext());
    return reply.status(201).send(await itemOut(id));
  });

  app.put(
    '/admin/menu/items/:id',
    { preHandler: requireAdmin, schema: { ...docs.changeItem, params: idParams, response: { 200: menuItemOut } } },
    async (request) => {
      const id = checkId(request.params.id, MENU_ITEM_NOT_FOUND);
      await updateMenuItem(runtime, id, request.body, request.commandContext());
      return itemOut(id);
    },
  );

  app.delete(
    '/admin/menu/items/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: deletedOut } } },
    async (request) => {
      const id = checkId(request.params.id, MENU_ITEM_NOT_FOUND);
      await deleteMenuItem(runtime, id, request.commandContext());
      return { id };
    },
  );
};

async function found<T>(doc: Promise<T | null>, message: string): Promise<T> {
  const value = await doc;
  if (!value) throw new NotFound(message);
  return value;
}

export function toCategory(d: MenuCategoryDoc): MenuCategory {
  return { id: d.id, name: d.name, description: d.description ?? null, sortOrder: d.sortOrder, createdAt: d.createdAt };
}

export function toItem(d: MenuItemDoc): MenuItem {
  return {
    id: d.id,
    categoryId: d.categoryId,
    name: d.name,
    description: d.description ?? null,
    price: d.price,
    imageUrl: d.imageUrl ?? null,
    isPopular: d.isPopular,
    isVisible: d.isVisible,
    sortOrder: d.sortOrder,
    createdAt: d.createdAt,
  };
}
