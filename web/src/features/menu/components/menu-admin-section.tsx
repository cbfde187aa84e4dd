import { Alert, Button, Card, Tag } from '@blueprintjs/core';
import type { MenuCategory, MenuItem } from '@cafe/contracts';
import { useState } from 'react';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { PlusIcon } from '../../../components/content-icons';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { formatPrice, useAdminMenuItems, useMenuCategories } from '../api/get-menu';
import { useDeleteMenuCategory, useDeleteMenuItem } from '../api/manage-menu';
import { CategoryDialog } from './category-dialog';
import { MenuItemDialog, type MenuItemTarget } from './menu-item-dialog';
import { PopularTag } from './popular-tag';
import { QueryStates } from '../../../components/content-states';
import './menu-admin.css';

const nextOrder = (list: { sortOrder: number }[] | undefined) => (list ?? []).reduce((max, x) => Math.max(max, x.sortOrder + 1), 0);

/** The dashboard's Menu section: categories as cards, then the items of each category. */
export default function MenuAdminSection() {
  const categories = useMenuCategories();
  const items = useAdminMenuItems();
  const [categoryTarget, setCategoryTarget] = useState<MenuCategory | 'new' | null>(null);
  const [itemTarget, setItemTarget] = useState<MenuItemTarget>(null);
  const [deletingCategory, setDeletingCategory] = useState<MenuCategory | null>(null);
  const [deletingItem, setDeletingItem] = useState<MenuItem | null>(null);
  const deleteCategory = useDeleteMenuCategory({ onSettled: () => setDeletingCategory(null) });
  const deleteItem = useDeleteMenuItem({ onSettled: () => setDeletingItem(null) });

  const categoryList = categories.data ?? [];
  const itemList = items.data ?? [];
  const itemsOf = (categoryId: string) => itemList.filter((i) => i.categoryId === categoryId);
  const orphans = itemList.filter((i) => !categoryList.some((c) => c.id === i.categoryId));
  // Items whose category is gone (a race the server allows) still show, so staff can move or delete them.
  const groups = [
    ...categoryList.map((c) => ({ id: c.id, name: c.name, list: itemsOf(c.id) })),
    ...(orphans.length ? [{ id: '', name: 'Without a category', list: orphans }] : []),
  ];
  const blockedDelete = deletingCategory ? itemsOf(deletingCategory.id).length : 0;
  const loading = categories.isPending || items.isPending;

  return (
    <div className="content-section menu-admin">
      <h2>Menu</h2>
      <section className="content-area" aria-labelledby="menu-categories-title">
        <div className="content-area-head">
          <h3 id="menu-categories-title">Menu Categories</h3>
          <Button intent="primary" icon={<PlusIcon />} text="Add Category" onClick={() => setCategoryTarget('new')} />
        </div>
        <QueryStates
          pending={categories.isPending}
          error={categories.isError}
          onRetry={() => void categories.refetch()}
          what="the menu categories"
          skeleton={{ count: 4, className: 'category-grid' }}
          empty={{
            when: categoryList.length === 0,
            title: 'No categories yet',
            description: 'Add your first category, such as Pizzas or Drinks, then add its items.',
          }}
        >
          {() => (
            <ul className="category-grid" aria-label="Menu categories">
              {categoryList.map((c) => (
                <li key={c.id}>
                  <Card className="category-card" elevation={1}>
                    <h4>{c.name}</h4>
                    <p className="muted category-description">{c.description || 'No description'}</p>
                    <p className="category-count">{countLabel(itemsOf(c.id).length)}</p>
                    <EditDeleteActions
                      name={`category ${c.name}`}
                      onEdit={() => setCategoryTarget(c)}
                      onDelete={() => setDeletingCategory(c)}
                    />
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>

      <section className="content-area" aria-labelledby="menu-items-title">
        <div className="content-area-head">
          <h3 id="menu-items-title">Menu Items</h3>
          {/* The one way to add an item (a second '+ Add item' in each category read as another action). */}
          <Button
            intent="primary"
            icon={<PlusIcon />}
            text="Add Item"
            disabled={categoryList.length === 0}
            title={categoryList.length === 0 ? 'Add a category first' : undefined}
            onClick={() => setItemTarget({ categoryId: '' })}
          />
        </div>
        <QueryStates
          pending={loading}
          error={items.isError}
          onRetry={() => void items.refetch()}
          what="the menu items"
          skeleton={{ count: 2, className: 'item-groups', tall: true }}
          empty={{
            when: categoryList.length === 0 && orphans.length === 0,
            title: 'No menu items yet',
            description: 'Add a category first, then its items.',
          }}
        >
          {() => (
            <div className="item-groups">
              {groups.map((group) => (
                <Card key={group.id || 'orphans'} className="item-group" elevation={1} role="region" aria-label={`${group.name} items`}>
                  <div className="item-group-head">
                    <h4>{group.name}</h4>
                  </div>
                  {group.list.length === 0 ? (
                    <p className="muted item-empty">No items in this category yet.</p>
                  ) : (
                    <ul className="item-list">
                      {group.list.map((item) => (
                        <li key={item.id} className="item-row">
                          <div className="item-main">
                            <span className="item-name">{item.name}</span>
                            {item.isPopular ? <PopularTag /> : null}
                            {item.isVisible ? null : <Tag minimal>Hidden</Tag>}
                            {item.description ? <p className="muted item-description">{item.description}</p> : null}
                          </div>
                          <span className="item-price">{formatPrice(item.price)}</span>
                          <EditDeleteActions
                            name={item.name}
                            iconOnly
                            onEdit={() => setItemTarget(item)}
                            onDelete={() => setDeletingItem(item)}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </Card>
              ))}
            </div>
          )}
        </QueryStates>
      </section>

      <CategoryDialog target={categoryTarget} nextSortOrder={nextOrder(categories.data)} onClose={() => setCategoryTarget(null)} />
      <MenuItemDialog
        target={itemTarget}
        categories={categoryList}
        nextSortOrder={nextOrder(items.data)}
        onClose={() => setItemTarget(null)}
      />

      {/* A category that still has items cannot go: say why instead of offering a delete that would fail. */}
      <Alert
        isOpen={deletingCategory !== null && blockedDelete > 0}
        confirmButtonText="OK"
        onConfirm={() => setDeletingCategory(null)}
        onCancel={() => setDeletingCategory(null)}
        canEscapeKeyCancel
      >
        <p>
          The category “{deletingCategory?.name}” still has {countLabel(blockedDelete)}. Move or delete them first, then delete the
          category.
        </p>
      </Alert>
      <ConfirmAlert
        isOpen={deletingCategory !== null && blockedDelete === 0}
        confirmText="Delete Category"
        loading={deleteCategory.isPending}
        onConfirm={() => deletingCategory && deleteCategory.mutate(deletingCategory)}
        onCancel={() => setDeletingCategory(null)}
      >
        <p>Delete the category “{deletingCategory?.name}”? This cannot be undone.</p>
      </ConfirmAlert>
      <ConfirmAlert
        isOpen={deletingItem !== null}
        confirmText="Delete Item"
        loading={deleteItem.isPending}
        onConfirm={() => deletingItem && deleteItem.mutate(deletingItem)}
        onCancel={() => setDeletingItem(null)}
      >
        <p>Delete “{deletingItem?.name}” from the menu? This cannot be undone.</p>
      </ConfirmAlert>
    </div>
  );
}

function countLabel(n: number): string {
  return n === 1 ? '1 menu item' : `${n} menu items`;
}
