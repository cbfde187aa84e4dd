import { Card, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { RESERVATION_SIZES_TEXT, lateHoldText } from '@cafe/contracts/business-facts';
import { withBlueprintCss } from '../../../lib/blueprint-css';
import { useBusinessFacts } from '../../../lib/business-info';
import type { WaitlistOfferProps } from './reservation-form';
import './reservation.css';

// The form (date picker, schemas, form library) is the heaviest part of the page and sits below the
// fold: it loads as the visitor heads towards it, or at once when a Reserve button asks for it.
export const loadReservationForm = () => withBlueprintCss(() => import('./reservation-form'));
const ReservationForm = lazy(() => loadReservationForm().then((m) => ({ default: m.ReservationForm })));

function useNearViewport<T extends Element>(margin = '900px') {
  const ref = useRef<T>(null);
  // Without IntersectionObserver the form loads at once.
  const [near, setNear] = useState(() => !('IntersectionObserver' in window));
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}

const formFallback = (
  <div className="form-loading" role="status">
    <Spinner size={28} />
    <span>Loading the booking form…</span>
  </div>
);

/** `waitlist`: the "Tell me if a table frees up" offer the form shows when the times wanted are full (composed by the route). */
export function ReservationSection({ waitlist }: { waitlist?: ComponentType<WaitlistOfferProps> } = {}) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  // How long a late table is held: Business Info's, as staff set it.
  const { lateHoldMinutes } = useBusinessFacts();
  return (
    <section id="reservations" className="section section-reservations" aria-labelledby="reservations-title">
      <div className="container reservation-layout">
        <div className="reservation-intro">
          <p className="eyebrow">Reservations</p>
          <h2 id="reservations-title">Reserve a table</h2>
          <p className="lead">
            Save a table for {RESERVATION_SIZES_TEXT} players. The times offered follow our opening hours, with the last seating before
            closing.
          </p>
          <ul className="checklist">
            <li>{lateHoldText(lateHoldMinutes)}</li>
            <li>Bigger group? Book a party below.</li>
            <li>Walk-ins are always welcome when tables are free.</li>
          </ul>
        </div>
        <Card className="form-card" elevation={2}>
          <div ref={ref}>
            {near ? (
              <Suspense fallback={formFallback}>
                <ReservationForm waitlist={waitlist} />
              </Suspense>
            ) : (
              formFallback
            )}
          </div>
        </Card>
      </div>
    </section>
  );
}
