import { AnchorButton, Card } from '@blueprintjs/core';
import { FOOD_PICTURES, SITE } from '../../../config/site';
import { ShopIcon } from '../../../components/icons';
import { LazyPicture } from '../../../components/layout/lazy-picture';
import { FullMenu } from './full-menu';
import { featuredItems, formatPrice, useMenuCategories, useMenuItems, type FoodGroup } from '../api/get-menu';
import '../menu.css';

const GROUPS: { key: FoodGroup; title: string; text: string }[] = [
  { key: 'pizzas', title: 'Pizzas', text: 'Hand-stretched dough, stone-baked, cut in squares so nobody gets sauce on the cards.' },
  { key: 'subs', title: 'Subs & Wraps', text: 'Toasted subs and fresh wraps, easy to eat with one hand while you plan your next move.' },
  { key: 'salads', title: 'Salads', text: 'Crisp greens and house dressings for a lighter bite between rounds.' },
];

/** Food and drinks: the three groups of the menu routes, with the Order Now link to the delivery provider. */
export function FoodSection() {
  const categories = useMenuCategories();
  const items = useMenuItems();
  const featured = categories.data && items.data ? featuredItems(categories.data, items.data) : null;
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
          {GROUPS.map((group) => {
            const picture = FOOD_PICTURES[group.key];
            const list = featured?.[group.key] ?? [];
            return (
              <Card key={group.key} className="food-card" elevation={1}>
                <LazyPicture className="food-image" picture={picture} sizes="(min-width: 900px) 30vw, 100vw" fallbackWidth={400} />
                <div className="food-body">
                  <h3>{group.title}</h3>
                  <p>{group.text}</p>
                  {list.length > 0 ? (
                    <ul className="food-items" aria-label={`${group.title} from our menu`}>
                      {list.map((item) => (
                        <li key={item.id}>
                          <span className="food-item-name">
                            {item.name}
                            {item.isPopular ? <span className="popular-tag">Popular</span> : null}
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
        <div className="section-cta">
          <AnchorButton
            href={SITE.orderOnlineUrl}
            target="_blank"
            rel="noopener"
            intent="primary"
            size="large"
            icon={<ShopIcon />}
            text="Order Now"
          />
          <a className="text-link" href={SITE.orderOnlineUrl} target="_blank" rel="noopener">
            Order Online for delivery
          </a>
        </div>
      </div>
    </section>
  );
}
