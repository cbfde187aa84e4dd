import { Button, Collapse } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { categoryText, formatPrice } from '../api/get-menu';
import { PopularTag } from './popular-tag';
import type { MenuCategory, MenuItem } from '@cafe/contracts';
import './full-menu.css';

/** Every category with its visible items and prices, folded away under the featured food cards. */
export function FullMenu({ categories, items }: { categories: MenuCategory[]; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const groups = categories
    .map((c) => ({ category: c, list: items.filter((i) => i.categoryId === c.id && i.isVisible !== false) }))
    .filter((g) => g.list.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="full-menu">
      <Button
        className="full-menu-toggle"
        variant="outlined"
        intent="primary"
        size="large"
        aria-expanded={open}
        aria-controls={id}
        text={open ? 'Hide full menu' : 'View full menu'}
        onClick={() => setOpen((o) => !o)}
      />
      <Collapse isOpen={open} keepChildrenMounted>
        <div id={id} className="full-menu-grid">
          {groups.map(({ category, list }) => (
            <section key={category.id} className="full-menu-category" aria-label={category.name}>
              <h3>{category.name}</h3>
              {categoryText(category) ? <p className="full-menu-note">{categoryText(category)}</p> : null}
              <ul>
                {list.map((item) => (
                  <li key={item.id}>
                    <span className="full-menu-name">
                      <span>
                        {item.name}
                        {item.isPopular ? <PopularTag /> : null}
                      </span>
                      {item.description ? <small>{item.description}</small> : null}
                    </span>
                    <span className="full-menu-price">{formatPrice(item.price)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Collapse>
    </div>
  );
}
