import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * The index of an auto-advancing carousel of `count` items (hero slides, reviews): it moves on every
 * `intervalMs` while `running` and not paused, wraps both ways, and picking an item restarts the
 * timer so the chosen one stays its full interval.
 */
export function useCarousel(count: number, intervalMs: number, running = true) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const timer = useRef<number>();

  const restart = useCallback(() => {
    window.clearInterval(timer.current);
    if (!running || paused) return;
    timer.current = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
  }, [running, paused, count, intervalMs]);

  useEffect(() => {
    restart();
    return () => window.clearInterval(timer.current);
  }, [restart]);

  const goTo = (i: number) => {
    setIndex(((i % count) + count) % count);
    restart();
  };

  // Focus anywhere inside pauses; only leaving the carousel as a whole resumes.
  const focusHandlers = {
    onFocus: () => setPaused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
    },
  };

  return { index, paused, goTo, pause: () => setPaused(true), resume: () => setPaused(false), focusHandlers };
}
