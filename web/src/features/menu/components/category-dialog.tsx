import { zodResolver } from '@hookform/resolvers/zod';
import { menuCategorySchema, type MenuCategory, type MenuCategoryInput } from '@cafe/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ContentFormDialog } from '../../../components/content-form-dialog';
import { TextAreaField, TextField } from '../../../components/form/form-fields';
import { useCreateMenuCategory, useUpdateMenuCategory } from '../api/manage-menu';

interface CategoryDialogProps {
  /** null: closed; 'new': create; a category: edit it. */
  target: MenuCategory | 'new' | null;
  nextSortOrder: number;
  onClose: () => void;
}

const valuesOf = (target: MenuCategory | 'new' | null, nextSortOrder: number): MenuCategoryInput =>
  target && target !== 'new'
    ? { name: target.name, description: target.description ?? '', sortOrder: target.sortOrder }
    : { name: '', description: '', sortOrder: nextSortOrder };

/** Add or edit a menu category: a name, an optional description. */
export function CategoryDialog({ target, nextSortOrder, onClose }: CategoryDialogProps) {
  const editing = target !== null && target !== 'new';
  const form = useForm({ resolver: zodResolver(menuCategorySchema), defaultValues: valuesOf(target, nextSortOrder) });
  useEffect(() => form.reset(valuesOf(target, nextSortOrder)), [target, nextSortOrder, form]);
  const create = useCreateMenuCategory({ onSuccess: onClose });
  const update = useUpdateMenuCategory({ onSuccess: onClose });
  const pending = create.isPending || update.isPending;

  return (
    <ContentFormDialog
      isOpen={target !== null}
      onClose={onClose}
      title={editing ? 'Edit Category' : 'Add Category'}
      ariaLabel={editing ? 'Edit category' : 'Add category'}
      onSubmit={form.handleSubmit((fields) => (editing ? update.mutate({ id: target.id, fields }) : create.mutate(fields)))}
      pending={pending}
      formState={form.formState}
      submitText={editing ? 'Save Category' : 'Add Category'}
    >
      <TextField form={form} name="name" id="category-name" label="Name" autoFocus />
      <TextAreaField form={form} name="description" id="category-description" label="Description" optional fill autoResize rows={3} />
    </ContentFormDialog>
  );
}
