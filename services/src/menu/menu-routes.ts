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
import { checkId, parseWith } from '../platform/http/validation.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { answerCache } from '../platform/http/answer-cache.js';
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

export const menuRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const categories = () => runtime.documents.collection<MenuCategoryDoc>(menuCategoriesProjection.name);
  const items = () => runtime.documents.collection<MenuItemDoc>(menuItemsProjection.name);
  const categoryOut = async (id: string) => toCategory(await found(categories().get(id), MENU_CATEGORY_NOT_FOUND));
  const itemOut = async (id: string) => toItem(await found(items().get(id), MENU_ITEM_NOT_FOUND));

  app.get('/menu/categories', { schema: { response: { 200: z.array(menuCategoryOut) } } }, async () => {
    const docs = await categories().find({}, { sort: { sortOrder: 1, name: 1 } });
    return docs.map(toCategory);
  });

  // Public: visible items of live categories, in menu order (category, then item sortOrder and name).
  // A signed-in admin (the dashboard) also gets hidden items, and any whose category is gone, last.
  const cachedItems = answerCache();
  app.get(
    '/menu/items',
    {
      schema: {
        querystring: z.object({ categoryId: z.string().optional() }),
        response: { 200: z.array(menuItemOut) },
      },
    },
    async (request, reply) => {
      const admin = request.actor.kind === 'admin';
      const { categoryId } = request.query;
      const list = async () => {
        const filter: Record<string, unknown> = admin ? {} : { isVisible: true };
        if (categoryId) filter.categoryId = categoryId;
        const docs = await items().find(filter, { sort: { sortOrder: 1, name: 1 } });
        const order = new Map((await categories().find({}, { sort: { sortOrder: 1, name: 1 } })).map((c, index) => [c.id, index] as const));
        const rank = (d: MenuItemDoc) => order.get(d.categoryId) ?? Number.MAX_SAFE_INTEGER;
        // Array.prototype.sort is stable: within a category the store's order stays.
        return docs
          .filter((d) => admin || order.has(d.categoryId))
          .sort((a, b) => rank(a) - rank(b))
          .map(toItem);
      };
      if (admin) return list();
      // Visitors' answer depends on the items and on the categories (their order, which are live).
      const version = `${await runtime.readModels.versionOf(menuItemsProjection.name)}.${await runtime.readModels.versionOf(menuCategoriesProjection.name)}`;
      return cachedItems(request, reply, `menu-items:${categoryId ?? ''}`, version, list);
    },
  );

  app.post(
    '/admin/menu/categories',
    { preHandler: requireAdmin, schema: { response: { 201: menuCategoryOut } } },
    async (request, reply) => {
      const fields = parseWith(menuCategorySchema, request.body);
      const { id } = await createMenuCategory(runtime, fields, request.commandContext());
      return reply.status(201).send(await categoryOut(id));
    },
  );

  app.put(
    '/admin/menu/categories/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: menuCategoryOut } } },
    async (request) => {
      const id = checkId(request.params.id, MENU_CATEGORY_NOT_FOUND);
      const changes = parseWith(menuCategoryUpdateSchema, request.body);
      await updateMenuCategory(runtime, id, changes, request.commandContext());
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

  app.post('/admin/menu/items', { preHandler: requireAdmin, schema: { response: { 201: menuItemOut } } }, async (request, reply) => {
    const fields = parseWith(menuItemSchema, request.body);
    const { id } = await createMenuItem(runtime, fields, request.commandContext());
    return reply.status(201).send(await itemOut(id));
  });

  app.put(
    '/admin/menu/items/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: menuItemOut } } },
    async (request) => {
      const id = checkId(request.params.id, MENU_ITEM_NOT_FOUND);
      const changes = parseWith(menuItemUpdateSchema, request.body);
      await updateMenuItem(runtime, id, changes, request.commandContext());
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
