import { Button, Spinner, type ButtonProps } from '@blueprintjs/core';
import type { MouseEvent } from 'react';

type BusyButtonProps = Omit<ButtonProps, 'loading' | 'disabled'> & {
  busy: boolean;
  /** The text while busy ('Booking...'); the spinner alone when absent. */
  busyText?: string;
};

/**
 * A submit or action button that keeps the focus while its request runs: aria-busy instead of
 * disabled (Blueprint's `loading` disables the button, which drops the focus to the page body), and a
 * click or an Enter in the form is ignored until the answer comes.
 */
export function BusyButton({ busy, busyText, text, icon, onClick, ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      icon={busy ? <Spinner size={16} aria-hidden /> : icon}
      text={busy && busyText ? busyText : text}
      aria-busy={busy || undefined}
      onClick={(e: MouseEvent<HTMLElement>) => {
        if (busy) e.preventDefault();
        else onClick?.(e);
      }}
    />
  );
}
