/** 'Meeple Haven Board Game Café' on two lines (the first two words, then the rest); a short name on one. */
export function brandLines(name: string): [string, string | null] {
  const words = name.split(/\s+/);
  return words.length >= 4 ? [words.slice(0, 2).join(' '), words.slice(2).join(' ')] : [name, null];
}

/** The café's name as the top bars show it, with a space between the two lines (a spoken "Meeple Haven" matches). */
export function BrandName({ name }: { name: string }) {
  const [first, rest] = brandLines(name);
  return (
    <span className="brand-text">
      <span className="brand-name">{first}</span>
      {rest ? (
        <>
          {' '}
          <span className="brand-sub">{rest}</span>
        </>
      ) : null}
    </span>
  );
}
