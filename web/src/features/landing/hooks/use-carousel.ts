import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent } from 'react';

const REDUCE = '(prefers-reduced-motion: reduce)';
// The build prerenders the hero without a window; the layout effect still runs before the first paint.
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The index of an auto-advancing carousel of `count` items (hero slides, reviews): it moves on every
 * `intervalMs` while `running`, wraps both ways, and picking an item restarts the timer so the chosen
 * one stays its full interval. Moving content must be stoppable (WCAG 2.2.2): the visitor's Pause
 * stops it for good, a pointer over it or focus inside holds it, and under reduced motion it starts
 * stopped (Play still starts it for whoever asks). Out of view (scrolled away, a hidden tab) it holds
 * too: a visitor who scrolls back finds the slide they left, and an unseen page does no work.
 */
export function useCarousel<Root extends HTMLElement = HTMLElement>(count: number, intervalMs: number, running = true) {
  const [index, setIndex] = useState(0);
  // The first render is the prerendered page's (moving), so the app can adopt that markup as it is;
  // reduced motion then stops it before the app's first frame.
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [inView, setInView] = useState(true);
  const timer = useRef<number>();
  const root = useRef<Root>(null);
  const held = hovered || focused || !inView;

  useEffect(() => {
    const element = root.current;
    let onScreen = true;
    const update = () => setInView(onScreen && document.visibilityState !== 'hidden');
    const observer =
      element && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            // The newest entry of a batch (a quick jump away and back delivers both).
            onScreen = entries.at(-1)?.isIntersecting ?? true;
            update();
          })
        : undefined;
    if (element) observer?.observe(element);
    document.addEventListener('visibilitychange', update);
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  useBeforePaint(() => {
    const mq = window.matchMedia?.(REDUCE);
    if (!mq) return;
    if (mq.matches) setStopped(true);
    const onChange = () => mq.matches && setStopped(true);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const restart = useCallback(() => {
    window.clearInterval(timer.current);
    if (!running || stopped || held) return;
    timer.current = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
  }, [running, stopped, held, count, intervalMs]);

  // In the same commit as the state that holds it: a tick can never land after the page says it stands still.
  useBeforePaint(() => {
    restart();
    return () => window.clearInterval(timer.current);
  }, [restart]);

  const goTo = (i: number) => {
    setIndex(((i % count) + count) % count);
    restart();
  };

  // Focus anywhere inside holds; only leaving the carousel as a whole lets it move again.
  const holdHandlers = {
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
    },
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
  };

  return {
    /** On the carousel's root element: it holds while that is out of view. */
    ref: root,
    index,
    goTo,
    /** The visitor stopped it (or reduced motion did): the Pause/Play button's state. */
    stopped,
    toggle: () => setStopped((s) => !s),
    /** Not moving right now, for whatever reason. */
    paused: stopped || held || !running,
    /** Stopped or held by the visitor or the view (not by `running`): the same in the prerendered page and the app's first render. */
    holding: stopped || held,
    holdHandlers,
  };
}
