import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import './toaster.css';

/**
 * The app's one toaster, on the public site and the dashboard: fixed in the viewport at the bottom
 * centre (reachable by the thumb, never hidden by the sticky top bar), one toast at a time, 5000 ms.
 * Created on first use so the landing page does not pay for it up front.
 */
let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ maxToasts: 1, position: Position.BOTTOM, className: 'app-toaster' });
  return toaster;
}

export interface ToastInput {
  title: string;
  description?: string;
  intent?: 'success' | 'danger' | 'primary' | 'none';
}

export const TOAST_TIMEOUT_MS = 5000;

export async function toast({ title, description, intent = 'none' }: ToastInput): Promise<void> {
  const t = await getToaster();
  t.show({
    intent: intent === 'none' ? Intent.NONE : intent,
    timeout: TOAST_TIMEOUT_MS,
    message: (
      <div className="toast-body" role="status">
        <strong className="toast-title">{title}</strong>
        {description ? <div className="toast-description">{description}</div> : null}
      </div>
    ),
  });
}

/** Takes down the toast showing (a refusal the page now answers in place, e.g. with the waitlist's form). */
export async function clearToasts(): Promise<void> {
  if (toaster) (await toaster).clear();
}
