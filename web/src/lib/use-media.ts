import { useEffect, useState } from 'react';

/** Whether the screen is narrow (the dashboard's own breakpoint): phones get lists instead of grids and plans. */
export function useNarrow(query = '(max-width: 767px)'): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const onChange = () => setMatches(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
