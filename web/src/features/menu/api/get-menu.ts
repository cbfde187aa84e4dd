import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuCategory, MenuItem } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

export type { MenuCategory, MenuItem };

export const getMenuCategories = () => getJson<MenuCategory[]>('/api/menu/categories');
export const getMenuItems = () => getJson<MenuItem[]>('/api/menu/items');

export const menuCategoriesQueryOptions = () => queryOptions({ queryKey: ['/api/menu/categories'], queryFn: getMenuCategories });
export const menuItemsQueryOptions = () => queryOptions({ queryKey: ['/api/menu/items'], queryFn: getMenuItems });

export const useMenuCategories = () => useQuery(menuCategoriesQueryOptions());
export const useMenuItems = () => useQuery(menuItemsQueryOptions());

export function formatPrice(price: number | string): string {
  const n = typeof price === 'number' ? price : Number(price);
  return Number.isFinite(n) ? `$${n.toFixed(2)}` : String(price);
}

const bySortOrder = <T extends { sortOrder?: number; name: string }>(a: T, b: T) =>
  (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.name.localeCompare(b.name);

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
    if (!group || item.isVisible === false) continue;
    result[group].push(item);
  }
  for (const group of Object.keys(result) as FoodGroup[]) {
    result[group] = result[group].sort((a, b) => Number(b.isPopular ?? false) - Number(a.isPopular ?? false)).slice(0, limit);
  }
  return result;
}
