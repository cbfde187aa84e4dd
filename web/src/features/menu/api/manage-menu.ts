import type { MenuCategory, MenuCategoryFields, MenuItem, MenuItemFields } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { useContentMutation } from '../../../lib/use-content-mutation';
import { adminMenuItemsQueryOptions, menuCategoriesQueryOptions, menuItemsQueryOptions } from './get-menu';

/**
 * The staff's menu changes. The public food section's lists are refetched with the dashboard's, so a
 * change shows on the landing page at once.
 */
const MENU_LISTS = [menuCategoriesQueryOptions().queryKey, menuItemsQueryOptions().queryKey, adminMenuItemsQueryOptions().queryKey];

export const createMenuCategory = (fields: MenuCategoryFields) => sendJson<MenuCategory>('POST', '/api/admin/menu/categories', fields);
export const updateMenuCategory = ({ id, fields }: { id: string; fields: MenuCategoryFields }) =>
  sendJson<MenuCategory>('PUT', `/api/admin/menu/categories/${encodeURIComponent(id)}`, fields);
export const deleteMenuCategory = (category: MenuCategory) =>
  sendJson<{ id: string }>('DELETE', `/api/admin/menu/categories/${encodeURIComponent(category.id)}`);

export const createMenuItem = (fields: MenuItemFields) => sendJson<MenuItem>('POST', '/api/admin/menu/items', fields);
export const updateMenuItem = ({ id, fields }: { id: string; fields: MenuItemFields }) =>
  sendJson<MenuItem>('PUT', `/api/admin/menu/items/${encodeURIComponent(id)}`, fields);
export const deleteMenuItem = (item: MenuItem) =>
  sendJson<{ id: string }>('DELETE', `/api/admin/menu/items/${encodeURIComponent(item.id)}`);

type Done = { onSuccess?: () => void };
/** A delete's confirmation closes whether it worked or not: on failure the toast says why. */
type Settled = { onSettled?: () => void };
const lists = { invalidates: MENU_LISTS };

export const useCreateMenuCategory = ({ onSuccess }: Done = {}) =>
  useContentMutation({
    ...lists,
    mutationFn: createMenuCategory,
    success: 'Category created successfully',
    failure: 'Category not created',
    onSuccess,
  });
export const useUpdateMenuCategory = ({ onSuccess }: Done = {}) =>
  useContentMutation({
    ...lists,
    mutationFn: updateMenuCategory,
    success: 'Category updated successfully',
    failure: 'Category not updated',
    onSuccess,
  });
// The server refuses to delete a category that still has items and says why: that message is the toast's.
export const useDeleteMenuCategory = ({ onSettled }: Settled = {}) =>
  useContentMutation({
    ...lists,
    mutationFn: deleteMenuCategory,
    success: 'Category deleted successfully',
    failure: 'Category not deleted',
    onSuccess: onSettled,
    onError: onSettled,
  });

export const useCreateMenuItem = ({ onSuccess }: Done = {}) =>
  useContentMutation({
    ...lists,
    mutationFn: createMenuItem,
    success: 'Menu item created successfully',
    failure: 'Menu item not created',
    onSuccess,
  });
export const useUpdateMenuItem = ({ onSuccess }: Done = {}) =>
  useContentMutation({
    ...lists,
    mutationFn: updateMenuItem,
    success: 'Menu item updated successfully',
    failure: 'Menu item not updated',
    onSuccess,
  });
export const useDeleteMenuItem = ({ onSettled }: Settled = {}) =>
  useContentMutation({
    ...lists,
    mutationFn: deleteMenuItem,
    success: 'Menu item deleted successfully',
    failure: 'Menu item not deleted',
    onSuccess: onSettled,
    onError: onSettled,
  });
