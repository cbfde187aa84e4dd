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
 * How long a jump may wait for its section to mount (the landing page renders below the hero just
 * after the first paint, later on a slow phone) and then keep it in place while content above it
 * loads. The visitor scrolling, tapping or pressing a key ends it at once.
 */
const MOUNT_WAIT_MS = 10_000;
const SETTLE_MS = 4000;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Smooth-scrolls to a section id (with or without '#') and, unless `focus` is false, moves the focus
 * there. A section not mounted yet (a jump tapped during the page's first second) is scrolled to once
 * it is, and the section stays under the top bar while the menu, gallery and reviews above it load.
 */
export function scrollToSection(idOrHash: string, { focus = true }: { focus?: boolean } = {}): void {
  const id = idOrHash.replace(/^#/, '');
  const behavior = reducedMotion() ? 'auto' : 'smooth';
  let target = document.getElementById(id);
  let goal: number | null = null;
  const follow = () => {
    target ??= document.getElementById(id);
    if (!target) return;
    const next = Math.max(0, target.getBoundingClientRect().top + window.scrollY - scrollOffset());
    if (goal === null && focus) focusJumpTarget(target);
    if (goal !== null && Math.abs(next - goal) <= 1) return;
    goal = next;
    window.scrollTo({ top: goal, behavior });
  };
  follow();
  if (typeof MutationObserver === 'undefined' || typeof ResizeObserver === 'undefined') return;
  // A new section (mounting) or a grown one (loaded content) moves the target: follow it.
  const mounted = new MutationObserver(() => {
    if (target || !document.getElementById(id)) return;
    mounted.disconnect();
    clearTimeout(timer);
    timer = setTimeout(stop, SETTLE_MS);
    // Let the section lay out (its lazy parts start loading) before measuring where it is.
    requestAnimationFrame(follow);
  });
  const resized = new ResizeObserver(() => target && follow());
  const stop = () => {
    mounted.disconnect();
    resized.disconnect();
    clearTimeout(timer);
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  };
  let timer = setTimeout(stop, target ? SETTLE_MS : MOUNT_WAIT_MS);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  if (!target) mounted.observe(document.body, { childList: true, subtree: true });
  resized.observe(document.body);
}

/** Back to the top of the page, the focus with it: on the first link of the top bar (the home link). */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
  document.querySelector<HTMLElement>('[data-topbar] a[href]')?.focus({ preventScroll: true });
}
