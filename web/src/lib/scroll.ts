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

/** How long a jump waits for its section to mount: the landing page renders below the hero just after the first paint (later on a slow phone). */
const MOUNT_WAIT_MS = 10_000;

/** Calls `then` with the element once it is in the document (now, or within MOUNT_WAIT_MS). */
function whenMounted(id: string, then: (target: HTMLElement) => void): void {
  const now = document.getElementById(id);
  if (now) return then(now);
  const observer = new MutationObserver(() => {
    const target = document.getElementById(id);
    if (!target) return;
    stop();
    // Let the section lay out (its lazy parts start loading) before measuring where it is.
    requestAnimationFrame(() => then(target));
  });
  const timer = setTimeout(() => stop(), MOUNT_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * Smooth-scrolls to a section id (with or without '#') and, unless `focus` is false, moves the focus
 * there. A section not mounted yet (a jump tapped during the page's first second) is scrolled to once
 * it is.
 */
export function scrollToSection(idOrHash: string, { focus = true }: { focus?: boolean } = {}): void {
  whenMounted(idOrHash.replace(/^#/, ''), (target) => {
    const top = target.getBoundingClientRect().top + window.scrollY - scrollOffset();
    window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? 'auto' : 'smooth' });
    if (focus) focusJumpTarget(target);
  });
}

/** Back to the top of the page, the focus with it: on the first link of the top bar (the home link). */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
  document.querySelector<HTMLElement>('[data-topbar] a[href]')?.focus({ preventScroll: true });
}
