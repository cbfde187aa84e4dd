import { AnchorButton, Card } from '@blueprintjs/core';
import { FOOD_GROUPS } from '../../../config/site';
import { useBusinessFacts } from '../../../lib/business-info';
import { ShopIcon } from '../../../components/icons';
import { LazyPicture } from '../../../components/layout/lazy-picture';
import { FullMenu } from './full-menu';
import { PopularTag } from './popular-tag';
import { categoryText, featuredItems, formatPrice, groupCategories, useMenuCategories, useMenuItems } from '../api/get-menu';
import './menu.css';

/**
 * Food and drinks: a card per group of the menu (its words are the category's description, as in the full
 * menu), the full menu folded below, and the Order Now link to the delivery provider.
 */
export function FoodSection() {
  const categories = useMenuCategories();
  const items = useMenuItems();
  const featured = categories.data && items.data ? featuredItems(categories.data, items.data) : null;
  const described = categories.data ? groupCategories(categories.data) : {};
  // The delivery provider's page as staff set it (Business Info); cleared, no order buttons.
  const { orderOnlineUrl } = useBusinessFacts();
  return (
    <section id="menu" className="section section-food" aria-labelledby="food-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Food & drinks</p>
          <h2 id="food-title">Fresh food for hungry players</h2>
          <p className="lead">
            Pizzas, subs and wraps, salads, coffee, sodas and local craft root beer. Dine in, or order online for pick-up and delivery.
          </p>
        </div>
        <div className="food-grid">
          {FOOD_GROUPS.map((group) => {
            const category = described[group.key];
            const list = featured?.[group.key] ?? [];
            return (
              <Card key={group.key} className="food-card" elevation={1}>
                <LazyPicture
                  className="food-image"
                  picture={group.picture}
                  sizes="(min-width: 1100px) 280px, (min-width: 720px) 45vw, 100vw"
                  fallbackWidth={400}
                />
                <div className="food-body">
                  <h3>{group.title}</h3>
                  <p>{category ? categoryText(category) : group.text}</p>
                  {list.length > 0 ? (
                    <ul className="food-items" aria-label={`${group.title} from our menu`}>
                      {list.map((item) => (
                        <li key={item.id}>
                          <span className="food-item-name">
                            {item.name}
                            {item.isPopular ? <PopularTag /> : null}
                          </span>
                          <span className="food-item-price">{formatPrice(item.price)}</span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </Card>
            );
          })}
        </div>
        {categories.data && items.data ? <FullMenu categories={categories.data} items={items.data} /> : null}
        {orderOnlineUrl ? (
          <div className="section-cta">
            <AnchorButton
              href={orderOnlineUrl}
              target="_blank"
              rel="noopener"
              intent="primary"
              size="large"
              icon={<ShopIcon />}
              text="Order Now"
            />
            <a className="text-link" href={orderOnlineUrl} target="_blank" rel="noopener">
              Order Online for delivery
            </a>
          </div>
        ) : null}
      </div>
    </section>
  );
}
