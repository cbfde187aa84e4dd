import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** The app's one toaster (SPEC.md §9): one toast at a time, 5000 ms each. Created on first use. */
let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ maxToasts: 1, position: Position.TOP, className: 'app-toaster' });
  return toaster;
}

export interface ToastInput {
  title: string;
  description?: string;
  intent?: 'success' | 'danger' | 'primary' | 'none';
}

export async function toast({ title, description, intent = 'none' }: ToastInput): Promise<void> {
  const t = await getToaster();
  t.show({
    intent: intent === 'none' ? Intent.NONE : intent,
    timeout: 5000,
    message: (
      <div className="toast-body" role="status">
        <strong className="toast-title">{title}</strong>
        {description ? <div className="toast-description">{description}</div> : null}
      </div>
    ),
  });
}
