import { Classes, Intent, Overlay2, Toast } from '@blueprintjs/core';
import { createRef, useSyncExternalStore, type RefObject } from 'react';
import { createRoot } from 'react-dom/client';
import './toaster.css';

/**
 * The app's one toaster, on the public site and the dashboard: fixed in the viewport at the bottom
 * centre (reachable by the thumb, never hidden by the sticky top bar), one toast at a time, 5000 ms.
 * Mounted on first use so the landing page does not pay for it up front.
 *
 * Blueprint's `Toast` in its `Overlay2`, each toast with its own element ref. Blueprint's OverlayToaster
 * gives every toast one shared ref (palantir/blueprint#8121): a toast replacing another took the leaving
 * one's transition too, and once stayed stuck half below the screen.
 *
 * The 5 s are kept here, not by Blueprint's Toast: it waits while anything "hovers" it, and a phone leaves
 * its last tap hovering where it was, so a toast a guest tapped to read stayed until they tapped elsewhere.
 * Here only a mouse resting on it, or the keyboard's focus inside it, holds it; leaving gives it 5 s again.
 */
export interface ToastInput {
  title: string;
  description?: string;
  intent?: 'success' | 'danger' | 'primary' | 'none';
}

export const TOAST_TIMEOUT_MS = 5000;

interface Shown {
  key: string;
  ref: RefObject<HTMLDivElement>;
  input: ToastInput;
}

let shown: readonly Shown[] = [];
let count = 0;
const listeners = new Set<() => void>();
let mounted = false;

/** The showing toast's timer, and what holds it (a mouse resting on it, the keyboard's focus in it). */
let timer: ReturnType<typeof setTimeout> | undefined;
const held = { mouse: false, focus: false };

function setShown(next: readonly Shown[]): void {
  const before = shown[0];
  shown = next;
  const now = shown[0];
  if (now !== before) {
    held.mouse = held.focus = false;
    runOut(now);
  }
  for (const listener of listeners) listener();
}

/** The toast's 5 s from now (none for no toast). */
function runOut(showing: Shown | undefined): void {
  clearTimeout(timer);
  timer = showing ? setTimeout(() => dismiss(showing.key), TOAST_TIMEOUT_MS) : undefined;
}

function hold(what: keyof typeof held, on: boolean): void {
  if (held[what] === on) return;
  held[what] = on;
  if (held.mouse || held.focus) clearTimeout(timer);
  else runOut(shown[0]);
}

/** Whether `target` is in the showing toast. */
function within(target: EventTarget | null): boolean {
  const element = shown[0]?.ref.current;
  return !!element && target instanceof Node && element.contains(target);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function mount(): void {
  if (mounted) return;
  mounted = true;
  const root = document.createElement('div');
  document.body.appendChild(root);
  createRoot(root).render(<Toaster />);
}

/** Shows a toast; one at a time, so it takes the place of any toast showing (which slides out). */
export function toast(input: ToastInput): void {
  mount();
  setShown([{ key: `toast-${count++}`, ref: createRef<HTMLDivElement>(), input }]);
}

/** Takes down the toast showing (a refusal the page now answers in place, e.g. with the waitlist's form). */
export function clearToasts(): void {
  setShown([]);
}

function dismiss(key: string): void {
  setShown(shown.filter((t) => t.key !== key));
}

const CONTAINER = [Classes.TOAST_CONTAINER, `${Classes.TOAST_CONTAINER}-bottom`, `${Classes.TOAST_CONTAINER}-inline`, 'app-toaster'].join(
  ' ',
);

function Toaster() {
  const toasts = useSyncExternalStore(subscribe, () => shown);
  // Overlay2 finds each toast's transition ref by its key; a leaving toast keeps the ref it was given.
  const childRefs = Object.fromEntries(toasts.map((t) => [t.key, t.ref]));
  return (
    <div
      // The showing toast's own element only: a leaving one, removed under a resting mouse, would never say it was left.
      onPointerOver={(event) => {
        if (event.pointerType === 'mouse' && within(event.target)) hold('mouse', true);
      }}
      onPointerOut={(event) => {
        if (event.pointerType === 'mouse' && !within(event.relatedTarget)) hold('mouse', false);
      }}
      onFocus={(event) => {
        // The keyboard's focus, not a tap's (a tapped toast takes focus too, and would wait for the next tap).
        if (event.target.matches(':focus-visible')) hold('focus', true);
      }}
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (!(to instanceof Node && event.currentTarget.contains(to))) hold('focus', false);
      }}
    >
      <Overlay2
        autoFocus={false}
        canEscapeKeyClose
        canOutsideClickClose={false}
        className={CONTAINER}
        childRefs={childRefs}
        enforceFocus={false}
        hasBackdrop={false}
        isOpen={toasts.length > 0}
        onClose={(event) => {
          if ((event as { key?: string } | undefined)?.key === 'Escape') setShown([]);
        }}
        shouldReturnFocusOnClose={false}
        transitionDuration={350}
        transitionName={Classes.TOAST}
        usePortal={false}
      >
        {toasts.map(({ key, ref, input: { title, description, intent = 'none' } }) => (
          <Toast
            key={key}
            ref={ref}
            intent={intent === 'none' ? Intent.NONE : intent}
            // Its own timer off: runOut keeps the 5 s.
            timeout={0}
            onDismiss={() => dismiss(key)}
            message={
              <div className="toast-body" role="status">
                <strong className="toast-title">{title}</strong>
                {description ? <div className="toast-description">{description}</div> : null}
              </div>
            }
          />
        ))}
      </Overlay2>
    </div>
  );
}
