import { z } from 'zod';
import { requiredText } from './fields.js';
import { clearableText, flagField, priceField, sortOrderField, urlOrEmpty } from './content-fields.js';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';

/** Menu categories and items. */
export const CATEGORY_NAME_REQUIRED = 'Category name is required';
export const ITEM_NAME_REQUIRED = 'Item name is required';
export const CATEGORY_REQUIRED = 'Category is required';
export const MENU_CATEGORY_NOT_FOUND = 'Menu category not found';

const categoryName = requiredText(CATEGORY_NAME_REQUIRED).pipe(
  z.string().max(TEXT_LIMITS.categoryName, { error: tooLongMessage('Category name', TEXT_LIMITS.categoryName) }),
);

export const menuCategorySchema = z.object({
  name: categoryName,
  description: clearableText('Description', TEXT_LIMITS.categoryDescription),
  sortOrder: sortOrderField.default(0),
});
export type MenuCategoryInput = z.input<typeof menuCategorySchema>;
export type MenuCategoryFields = z.output<typeof menuCategorySchema>;

/** PUT: only the fields sent change; each one sent is checked as on create. */
export const menuCategoryUpdateSchema = z.object({
  name: categoryName.optional(),
  description: clearableText('Description', TEXT_LIMITS.categoryDescription),
  sortOrder: sortOrderField.optional(),
});
export type MenuCategoryChanges = z.output<typeof menuCategoryUpdateSchema>;

/** Ids are text here; a number (as older clients send) is read as its text. */
const categoryId = z
  .union([z.string(), z.number()], { error: CATEGORY_REQUIRED })
  .transform((v) => String(v))
  .pipe(requiredText(CATEGORY_REQUIRED))
  // Ids are short; anything longer names no category.
  .pipe(z.string().max(TEXT_LIMITS.id, { error: MENU_CATEGORY_NOT_FOUND }));

const itemName = requiredText(ITEM_NAME_REQUIRED).pipe(
  z.string().max(TEXT_LIMITS.name, { error: tooLongMessage('Item name', TEXT_LIMITS.name) }),
);

const itemFields = {
  categoryId,
  name: itemName,
  description: clearableText('Description', TEXT_LIMITS.itemDescription),
  /** Sent as a decimal number or text; kept as an exact 2-decimal string. */
  price: priceField(),
  imageUrl: urlOrEmpty(),
  /** The form's own name for imageUrl; either is accepted. */
  image_url: urlOrEmpty(),
  isPopular: flagField('Popular'),
  isVisible: flagField('Visible'),
  sortOrder: sortOrderField,
};

function mergeImageUrl<T extends { imageUrl?: string | null; image_url?: string | null }>(value: T) {
  const { image_url, ...rest } = value;
  return { ...rest, imageUrl: rest.imageUrl !== undefined ? rest.imageUrl : image_url };
}

export const menuItemSchema = z
  .object({
    ...itemFields,
    isPopular: itemFields.isPopular.default(false),
    isVisible: itemFields.isVisible.default(true),
    sortOrder: itemFields.sortOrder.default(0),
  })
  .transform(mergeImageUrl);
export type MenuItemInput = z.input<typeof menuItemSchema>;
export type MenuItemFields = z.output<typeof menuItemSchema>;

export const menuItemUpdateSchema = z
  .object({
    categoryId: itemFields.categoryId.optional(),
    name: itemFields.name.optional(),
    description: itemFields.description,
    // Sent but empty is still "Price is required"; left out means unchanged.
    price: itemFields.price.optional(),
    imageUrl: itemFields.imageUrl,
    image_url: itemFields.image_url,
    isPopular: itemFields.isPopular.optional(),
    isVisible: itemFields.isVisible.optional(),
    sortOrder: itemFields.sortOrder.optional(),
  })
  .transform(mergeImageUrl);
export type MenuItemChanges = z.output<typeof menuItemUpdateSchema>;

/** Responses. price is the exact decimal as text ('12.10'): a JSON number could not keep the trailing 0. */
export const menuCategoryOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number(),
  createdAt: z.string(),
});
export type MenuCategory = z.output<typeof menuCategoryOut>;

export const menuItemOut = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  imageUrl: z.string().nullable(),
  isPopular: z.boolean(),
  isVisible: z.boolean(),
  sortOrder: z.number(),
  createdAt: z.string(),
});
export type MenuItem = z.output<typeof menuItemOut>;

export const categoryHasItemsMessage = (name: string, count: number) =>
  `The category "${name}" still has ${count} menu item${count === 1 ? '' : 's'}. Move or delete ${count === 1 ? 'it' : 'them'} first, then delete the category.`;

export interface MenuCategoryData {
  name: string;
  description: string | null;
  sortOrder: number;
}

export type MenuCategoryEvent =
  | { type: 'MenuCategoryCreated'; data: MenuCategoryData & { categoryId: string } }
  | { type: 'MenuCategoryUpdated'; data: Partial<MenuCategoryData> & { categoryId: string } }
  | { type: 'MenuCategoryDeleted'; data: { categoryId: string } };

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
