import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { telHref, useSiteInfo } from '../lib/business-info';
import { Logo } from './layout/logo';

/** A guest page's way on (never a dead end): its one primary link, and back to the café. */
export function NextLinks({ className, to, text, large = false }: { className: string; to: string; text: string; large?: boolean }) {
  return (
    <div className={className}>
      <Link to={to} className={large ? 'bp6-button bp6-intent-primary bp6-large' : 'bp6-button bp6-intent-primary'}>
        {text}
      </Link>
      <Link to="/" className="text-link">
        Back to the café
      </Link>
    </div>
  );
}

/**
 * A guest's link that does not work (a booking's, a game night sign-up's): what happened, whom to call
 * (`again`: 'book again', 'sign up again'), and what to do now (`next`, its NextLinks).
 */
export function LinkProblemCard(props: { className: string; title: string; message: string; again: string; next: ReactNode }) {
  const site = useSiteInfo();
  return (
    <Card className={`center-card ${props.className}`} elevation={2}>
      <Logo size={56} />
      <h1>{props.title}</h1>
      <p role="alert">{props.message}</p>
      <p className="muted">
        You are welcome to {props.again}, or call us at{' '}
        <a className="text-link" href={telHref(site.phone)}>
          {site.phone}
        </a>{' '}
        and we will gladly help.
      </p>
      {props.next}
    </Card>
  );
}
