import './popular-tag.css';

/**
 * The menu's mark for a popular item: the same in the landing page's teaser, the full menu and the staff's menu (its
 * sheet comes with it: the teaser's sheet loads only with the landing's sections). The
 * space before it lets a narrow column wrap it under the item's name.
 */
export function PopularTag() {
  return (
    <>
      {' '}
      <span className="popular-tag">Popular</span>
    </>
  );
}
