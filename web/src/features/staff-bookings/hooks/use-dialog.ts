import { useRef, useState } from 'react';

/**
 * Which booking a dialog shows, or null when closed. The dialogs mount per booking, so Blueprint
 * cannot hand the focus back when one unmounts: this remembers the control that opened it and
 * returns the focus there on close (when that control is still on the page).
 */
export function useDialog<T>() {
  const [value, setValue] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: T) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setValue(next);
  };
  const close = () => {
    setValue(null);
    const target = opener.current;
    opener.current = null;
    // After the dialog has unmounted and released its focus trap.
    if (target) requestAnimationFrame(() => target.isConnected && target.focus());
  };
  return { value, open, close };
}
