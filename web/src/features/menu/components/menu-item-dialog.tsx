import { zodResolver } from '@hookform/resolvers/zod';
import { menuItemSchema, type MenuCategory, type MenuItem, type MenuItemInput } from '@cafe/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ContentFormDialog } from '../../../components/content-form-dialog';
import { SelectField, SwitchField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { useCreateMenuItem, useUpdateMenuItem } from '../api/manage-menu';

export type MenuItemTarget = MenuItem | { categoryId: string } | null;

interface MenuItemDialogProps {
  /** null: closed; {categoryId}: a new item (in that category, if any); an item: edit it. */
  target: MenuItemTarget;
  categories: MenuCategory[];
  nextSortOrder: number;
  onClose: () => void;
}

const isItem = (t: MenuItemTarget): t is MenuItem => t !== null && 'id' in t;

type ItemFormValues = MenuItemInput & { price: string };

const valuesOf = (target: MenuItemTarget, nextSortOrder: number): ItemFormValues =>
  isItem(target)
    ? {
        categoryId: target.categoryId,
        name: target.name,
        description: target.description ?? '',
        price: target.price,
        imageUrl: target.imageUrl ?? '',
        isPopular: target.isPopular,
        isVisible: target.isVisible,
        sortOrder: target.sortOrder,
      }
    : {
        categoryId: target?.categoryId ?? '',
        name: '',
        description: '',
        price: '',
        imageUrl: '',
        isPopular: false,
        isVisible: true,
        sortOrder: nextSortOrder,
      };

/** Add or edit a menu item. The price is sent as the exact decimal the staff typed ('12.10'). */
export function MenuItemDialog({ target, categories, nextSortOrder, onClose }: MenuItemDialogProps) {
  const editing = isItem(target);
  const form = useForm({ resolver: zodResolver(menuItemSchema), defaultValues: valuesOf(target, nextSortOrder) });
  useEffect(() => form.reset(valuesOf(target, nextSortOrder)), [target, nextSortOrder, form]);
  const create = useCreateMenuItem({ onSuccess: onClose });
  const update = useUpdateMenuItem({ onSuccess: onClose });
  const pending = create.isPending || update.isPending;

  return (
    <ContentFormDialog
      isOpen={target !== null}
      onClose={onClose}
      title={editing ? 'Edit Menu Item' : 'Add Menu Item'}
      ariaLabel={editing ? 'Edit menu item' : 'Add menu item'}
      onSubmit={form.handleSubmit((fields) => (editing ? update.mutate({ id: target.id, fields }) : create.mutate(fields)))}
      pending={pending}
      formState={form.formState}
      submitText={editing ? 'Save Item' : 'Add Item'}
    >
      <TextField form={form} name="name" id="item-name" label="Name" autoFocus />
      <div className="content-form-row">
        <TextField
          form={form}
          name="price"
          id="item-price"
          label="Price ($)"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          placeholder="0.00"
        />
        <SelectField
          form={form}
          name="categoryId"
          id="item-category"
          label="Category"
          placeholder="Select a category"
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
        />
      </div>
      <TextAreaField form={form} name="description" id="item-description" label="Description" optional fill autoResize rows={2} />
      <TextField form={form} name="imageUrl" id="item-image" label="Image URL" optional type="url" placeholder="https://…" />
      <div className="content-switches">
        <SwitchField form={form} name="isPopular" label="Popular" />
        <SwitchField form={form} name="isVisible" label="Visible on the menu" />
      </div>
    </ContentFormDialog>
  );
}
