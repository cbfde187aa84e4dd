import { Button, Dialog, DialogBody, DialogFooter, InputGroup, TextArea } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { menuCategorySchema, type MenuCategory, type MenuCategoryInput } from '@cafe/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { bpRegister } from '../../../components/bp-register';
import { Field } from '../../../components/form/field';
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
  const { errors } = form.formState;
  useEffect(() => form.reset(valuesOf(target, nextSortOrder)), [target, nextSortOrder, form]);
  const create = useCreateMenuCategory({ onSuccess: onClose });
  const update = useUpdateMenuCategory({ onSuccess: onClose });
  const pending = create.isPending || update.isPending;

  return (
    <Dialog isOpen={target !== null} onClose={onClose} title={editing ? 'Edit Category' : 'Add Category'} className="content-dialog">
      <form
        noValidate
        aria-label={editing ? 'Edit category' : 'Add category'}
        onSubmit={form.handleSubmit((fields) => (editing ? update.mutate({ id: target.id, fields }) : create.mutate(fields)))}
      >
        <DialogBody>
          <Field id="category-name" label="Name" error={errors.name?.message}>
            <InputGroup {...bpRegister(form, 'name')} id="category-name" autoFocus intent={errors.name ? 'danger' : 'none'} />
          </Field>
          <Field id="category-description" label="Description" optional error={errors.description?.message}>
            <TextArea {...bpRegister(form, 'description')} id="category-description" fill autoResize rows={3} />
          </Field>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" variant="minimal" onClick={onClose} />
              <Button type="submit" intent="primary" loading={pending} text={editing ? 'Save Category' : 'Add Category'} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
