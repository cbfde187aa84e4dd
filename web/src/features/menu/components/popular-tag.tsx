/**
 * The menu's mark for a popular item: the same in the landing page's teaser and in the full menu. The
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
