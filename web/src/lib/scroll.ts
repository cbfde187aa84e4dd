/** Scroll offset: the sticky bar's height (80 px when it cannot be measured) plus 20 px. */
export function scrollOffset(): number {
  const bar = document.querySelector<HTMLElement>('[data-topbar]');
  const height = bar?.getBoundingClientRect().height;
  return (height && height > 0 ? height : 80) + 20;
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Smooth-scrolls to a section id (with or without '#'); returns false when there is no such section. */
export function scrollToSection(idOrHash: string): boolean {
  const id = idOrHash.replace(/^#/, '');
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - scrollOffset();
  window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? 'auto' : 'smooth' });
  return true;
}
