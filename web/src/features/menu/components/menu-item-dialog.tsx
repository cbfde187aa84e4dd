import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { menuItemSchema, type MenuCategory, type MenuItem, type MenuItemInput } from '@cafe/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { bpRegister } from '../../../components/bp-register';
import { Field } from '../../../components/form/field';
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
  const { errors } = form.formState;
  useEffect(() => form.reset(valuesOf(target, nextSortOrder)), [target, nextSortOrder, form]);
  const create = useCreateMenuItem({ onSuccess: onClose });
  const update = useUpdateMenuItem({ onSuccess: onClose });
  const pending = create.isPending || update.isPending;

  return (
    <Dialog isOpen={target !== null} onClose={onClose} title={editing ? 'Edit Menu Item' : 'Add Menu Item'} className="content-dialog">
      <form
        noValidate
        aria-label={editing ? 'Edit menu item' : 'Add menu item'}
        onSubmit={form.handleSubmit((fields) => (editing ? update.mutate({ id: target.id, fields }) : create.mutate(fields)))}
      >
        <DialogBody>
          <Field id="item-name" label="Name" error={errors.name?.message}>
            <InputGroup {...bpRegister(form, 'name')} id="item-name" autoFocus intent={errors.name ? 'danger' : 'none'} />
          </Field>
          <div className="content-form-row">
            <Field id="item-price" label="Price ($)" error={errors.price?.message}>
              <InputGroup
                {...bpRegister(form, 'price')}
                id="item-price"
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                placeholder="0.00"
                intent={errors.price ? 'danger' : 'none'}
              />
            </Field>
            <Field id="item-category" label="Category" error={errors.categoryId?.message}>
              <Controller
                control={form.control}
                name="categoryId"
                render={({ field }) => (
                  <HTMLSelect
                    id="item-category"
                    fill
                    ref={field.ref}
                    value={String(field.value ?? '')}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                  >
                    <option value="">Select a category</option>
                    {categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </HTMLSelect>
                )}
              />
            </Field>
          </div>
          <Field id="item-description" label="Description" optional error={errors.description?.message}>
            <TextArea {...bpRegister(form, 'description')} id="item-description" fill autoResize rows={2} />
          </Field>
          <Field id="item-image" label="Image URL" optional error={errors.imageUrl?.message}>
            <InputGroup
              {...bpRegister(form, 'imageUrl')}
              id="item-image"
              type="url"
              placeholder="https://…"
              intent={errors.imageUrl ? 'danger' : 'none'}
            />
          </Field>
          <div className="content-switches">
            <Controller
              control={form.control}
              name="isPopular"
              render={({ field }) => (
                <Switch
                  label="Popular"
                  checked={!!field.value}
                  inputRef={field.ref}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="isVisible"
              render={({ field }) => (
                <Switch
                  label="Visible on the menu"
                  checked={!!field.value}
                  inputRef={field.ref}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" variant="minimal" onClick={onClose} />
              <Button type="submit" intent="primary" loading={pending} text={editing ? 'Save Item' : 'Add Item'} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
