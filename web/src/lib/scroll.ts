/** Scroll offset: the sticky bar's height (80 px when it cannot be measured) plus 20 px. */
export function scrollOffset(): number {
  const bar = document.querySelector<HTMLElement>('[data-topbar]');
  const height = bar?.getBoundingClientRect().height;
  return (height && height > 0 ? height : 80) + 20;
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Puts the focus where an in-page jump landed, so the next Tab goes on from there rather than from the
 * button that was pressed: the section's heading (focusable from script only), or the element itself.
 */
export function focusJumpTarget(target: HTMLElement): void {
  const labelledBy = target.getAttribute('aria-labelledby');
  const heading = (labelledBy && document.getElementById(labelledBy)) || target.querySelector<HTMLElement>('h1, h2') || target;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * Smooth-scrolls to a section id (with or without '#') and, unless `focus` is false, moves the focus
 * there; returns false when there is no such section.
 */
export function scrollToSection(idOrHash: string, { focus = true }: { focus?: boolean } = {}): boolean {
  const id = idOrHash.replace(/^#/, '');
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - scrollOffset();
  window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? 'auto' : 'smooth' });
  if (focus) focusJumpTarget(target);
  return true;
}

/** Back to the top of the page, the focus with it: on the first link of the top bar (the home link). */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
  document.querySelector<HTMLElement>('[data-topbar] a[href]')?.focus({ preventScroll: true });
}
