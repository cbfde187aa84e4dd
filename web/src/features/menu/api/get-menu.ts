import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuCategory, MenuItem } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

export const getMenuCategories = () => getJson<MenuCategory[]>('/api/menu/categories');
export const getMenuItems = () => getJson<MenuItem[]>('/api/menu/items');

export const menuCategoriesQueryOptions = () => queryOptions({ queryKey: ['/api/menu/categories'], queryFn: getMenuCategories });
export const menuItemsQueryOptions = () => queryOptions({ queryKey: ['/api/menu/items'], queryFn: getMenuItems });

export const useMenuCategories = () => useQuery(menuCategoriesQueryOptions());
export const useMenuItems = () => useQuery(menuItemsQueryOptions());

/** The dashboard's list: every item, hidden ones too (GET /api/admin/menu/items). */
export const getAdminMenuItems = () => getJson<MenuItem[]>('/api/admin/menu/items');
export const adminMenuItemsQueryOptions = () => queryOptions({ queryKey: ['/api/admin/menu/items'], queryFn: getAdminMenuItems });
export const useAdminMenuItems = () => useQuery(adminMenuItemsQueryOptions());

/** The contract's price is the exact decimal as text ('12.10'). */
export function formatPrice(price: string): string {
  const n = Number(price);
  return Number.isFinite(n) ? `$${n.toFixed(2)}` : price;
}

const bySortOrder = <T extends { sortOrder: number; name: string }>(a: T, b: T) =>
  a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);

/** The three food groups the landing page features, matched to the menu's categories by name. */
export type FoodGroup = 'pizzas' | 'subs' | 'salads';

export function groupOf(category: MenuCategory): FoodGroup | null {
  const name = category.name.toLowerCase();
  if (name.includes('pizza')) return 'pizzas';
  if (name.includes('sub') || name.includes('wrap') || name.includes('sandwich')) return 'subs';
  if (name.includes('salad')) return 'salads';
  return null;
}

/** Visible items of each featured group, popular first, at most `limit` each. */
export function featuredItems(categories: MenuCategory[], items: MenuItem[], limit = 3): Record<FoodGroup, MenuItem[]> {
  const result: Record<FoodGroup, MenuItem[]> = { pizzas: [], subs: [], salads: [] };
  const groupById = new Map(categories.map((c) => [c.id, groupOf(c)]));
  for (const item of [...items].sort(bySortOrder)) {
    const group = groupById.get(item.categoryId);
    if (!group || !item.isVisible) continue;
    result[group].push(item);
  }
  for (const group of Object.keys(result) as FoodGroup[]) {
    result[group] = result[group].sort((a, b) => Number(b.isPopular) - Number(a.isPopular)).slice(0, limit);
  }
  return result;
}
