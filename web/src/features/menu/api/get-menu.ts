import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuCategory, MenuItem } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { FOOD_GROUPS, type FoodGroup } from '../../../config/site';

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

/** The food groups the landing page features (config/site FOOD_GROUPS), matched to the menu's categories by name. */
export type { FoodGroup };

export function groupOf(category: MenuCategory): FoodGroup | null {
  const name = category.name.toLowerCase();
  if (name.includes('pizza')) return 'pizzas';
  if (name.includes('sub') || name.includes('wrap') || name.includes('sandwich')) return 'subs';
  if (name.includes('salad')) return 'salads';
  if (name.includes('drink') || name.includes('beverage') || name.includes('coffee')) return 'drinks';
  return null;
}

/**
 * What the menu says about a category, in the teaser's card and over the full menu's list alike: its own
 * description, or its group's words when staff left it empty.
 */
export function categoryText(category: MenuCategory): string | null {
  const own = category.description?.trim();
  if (own) return own;
  const group = groupOf(category);
  return FOOD_GROUPS.find((g) => g.key === group)?.text ?? null;
}

/** The first category of each featured group (in the menu's order), for the teaser card's words. */
export function groupCategories(categories: MenuCategory[]): Partial<Record<FoodGroup, MenuCategory>> {
  const result: Partial<Record<FoodGroup, MenuCategory>> = {};
  for (const category of [...categories].sort(bySortOrder)) {
    const group = groupOf(category);
    if (group && !result[group]) result[group] = category;
  }
  return result;
}

/** Visible items of each featured group, popular first, at most `limit` each. */
export function featuredItems(categories: MenuCategory[], items: MenuItem[], limit = 3): Record<FoodGroup, MenuItem[]> {
  const result = Object.fromEntries(FOOD_GROUPS.map((g) => [g.key, [] as MenuItem[]])) as Record<FoodGroup, MenuItem[]>;
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
