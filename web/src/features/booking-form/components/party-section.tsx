import { Button, Card } from '@blueprintjs/core';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { BriefcaseIcon, GlassIcon, HeartIcon, PeopleIcon } from '../../../components/icons';
import { withBlueprintCss } from '../../../lib/blueprint-css';
import { sizeRange, usePartySizes } from './party-sizes';
import type { WaitlistOfferProps } from './reservation-form';
import './party-booking.css';

// The dialog (and its date picker) loads when first wanted, not with the landing page.
const loadDialog = () => withBlueprintCss(() => import('./party-booking-dialog'));
const PartyBookingDialog = lazy(loadDialog);

const KINDS = [
  {
    icon: <GlassIcon size={22} />,
    title: 'Birthday parties',
    text: 'A reserved area, a game guru host and pizza for the crew. Ages 6 and up.',
  },
  {
    icon: <BriefcaseIcon size={22} />,
    title: 'Corporate events',
    text: 'Client nights and office parties with food, drinks and a private space.',
  },
  {
    icon: <PeopleIcon size={22} />,
    title: 'Team building',
    text: 'Co-operative games picked to get your team talking, laughing and winning together.',
  },
  { icon: <HeartIcon size={22} />, title: 'Celebrations', text: 'Anniversaries, graduations, game-night reunions: {sizes} guests.' },
];

/** `waitlist`: the "Tell me if a table frees up" offer a fully booked answer shows (composed by the route). */
export function PartySection({ waitlist }: { waitlist?: ComponentType<WaitlistOfferProps> } = {}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // The sizes the café can seat (its seat capacity), as the form offers them.
  const sizes = sizeRange(usePartySizes());
  return (
    <section id="parties" className="section section-parties" aria-labelledby="parties-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Parties & events</p>
          <h2 id="parties-title">Celebrate with games</h2>
          <p className="lead">Groups of {sizes} get their own space, a host who teaches the games, and food from our kitchen.</p>
        </div>
        <div className="parties-grid">
          {KINDS.map((k) => (
            <Card key={k.title} className="party-card">
              <span className="party-icon">{k.icon}</span>
              <h3>{k.title}</h3>
              <p>{k.text.replace('{sizes}', sizes)}</p>
            </Card>
          ))}
        </div>
        <div className="section-cta">
          <Button
            intent="primary"
            size="large"
            text="Book Your Party"
            onMouseEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            onClick={() => {
              setWanted(true);
              setOpen(true);
            }}
          />
        </div>
      </div>
      {wanted ? (
        <Suspense fallback={null}>
          <PartyBookingDialog isOpen={open} onClose={() => setOpen(false)} waitlist={waitlist} />
        </Suspense>
      ) : null}
    </section>
  );
}
