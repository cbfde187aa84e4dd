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

/** The gap between the top bar and a section's heading after a jump (--space-1). */
const HEADING_GAP = 4;
/**
 * A jump keeps its target in place while the page above it settles, until nothing moved for SETTLE_MS
 * (at most FOLLOW_MS): long enough for a late image, font or lazy part on a slow phone, which would
 * otherwise push the heading under the bar after the scroll has ended.
 */
const SETTLE_MS = 5000;
const FOLLOW_MS = 20_000;
/** The jump being followed: a new jump ends it, so two never pull against each other. */
let following: (() => void) | undefined;
/** The visitor taking over ends the following at once. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Where a jump puts the page: a section's heading (its title and the kicker above it) just under the
 * top bar, so the title reads first and the section's own top padding does not push it down; any other
 * element at SPEC's offset (the bar's height plus 20 px).
 */
function jumpTop(target: HTMLElement): number {
  const head = target.matches('section') ? headingOf(target) : null;
  const top = head ? head.getBoundingClientRect().top - topBarHeight() - HEADING_GAP : target.getBoundingClientRect().top - scrollOffset();
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.round(Math.max(0, Math.min(max, top + window.scrollY)));
}

/** A section's title with the kicker above it (`.eyebrow`), when it has one. */
function headingOf(section: HTMLElement): HTMLElement | null {
  const labelledBy = section.getAttribute('aria-labelledby');
  const title = (labelledBy && document.getElementById(labelledBy)) || section.querySelector<HTMLElement>('h2');
  const kicker = title?.previousElementSibling;
  return kicker instanceof HTMLElement && kicker.matches('.eyebrow') ? kicker : title;
}

/** The top bar's height; SPEC's 80 px where the bar is not measurable (as scrollOffset). */
function topBarHeight(): number {
  return scrollOffset() - 20;
}

/**
 * Scrolls to the target, then keeps it there while the page settles: on a freshly loaded page the
 * sections above it still grow (the menu, gallery and events arrive) and the ones below still mount (a
 * short page cannot yet scroll that far). Checked each frame; a move of the target re-aims the scroll.
 */
function scrollAndFollow(target: HTMLElement): void {
  following?.();
  const behavior = reducedMotion() ? 'auto' : 'smooth';
  let goal = jumpTop(target);
  window.scrollTo({ top: goal, behavior });
  const started = performance.now();
  let still = started;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
    if (following === stop) following = undefined;
  };
  following = stop;
  const tick = (now: number) => {
    if (!target.isConnected) return stop();
    const next = jumpTop(target);
    if (Math.abs(next - goal) > 1) {
      goal = next;
      still = now;
      window.scrollTo({ top: goal, behavior });
    }
    if (now - still > SETTLE_MS || now - started > FOLLOW_MS) return stop();
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
}

/**
 * Smooth-scrolls to a section id (with or without '#') and, unless `focus` is false, moves the focus
 * there. A section not mounted yet (a jump tapped during the page's first second) is scrolled to once
 * it is, and followed while the page around it settles.
 */
export function scrollToSection(idOrHash: string, { focus = true }: { focus?: boolean } = {}): void {
  whenMounted(idOrHash.replace(/^#/, ''), (target) => {
    scrollAndFollow(target);
    if (focus) focusJumpTarget(target);
  });
}

/** Back to the top of the page, the focus with it: on the first link of the top bar (the home link). */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
  document.querySelector<HTMLElement>('[data-topbar] a[href]')?.focus({ preventScroll: true });
}
