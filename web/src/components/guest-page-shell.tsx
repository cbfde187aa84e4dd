import { Card, Spinner } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../lib/api-client';
import { Logo } from './layout/logo';

/** The shell's class names: each guest page keeps its own sheet (web/README.md, "Styles"). */
export interface GuestPageClasses {
  page: string;
  card: string;
  head: string;
  foot: string;
}

interface GuestPageShellProps<T, E> {
  title: ReactNode;
  /** The token's query: a spinner while it loads, the server's message (or `notFoundMessage`) when it fails. */
  query: UseQueryResult<T, E>;
  loadingLabel: string;
  notFoundMessage: string;
  classes: GuestPageClasses;
  children: (data: T) => ReactNode;
}

/** A guest link's page (waitlist place, offer, door queue): one centred card with the logo, a title and a way home. */
export function GuestPageShell<T, E = Error>({
  title,
  query,
  loadingLabel,
  notFoundMessage,
  classes,
  children,
}: GuestPageShellProps<T, E>) {
  return (
    <main className={classes.page}>
      <Card className={classes.card} elevation={2}>
        <header className={classes.head}>
          <Logo size={48} />
          <h1>{title}</h1>
        </header>
        {query.isPending ? (
          <Spinner aria-label={loadingLabel} />
        ) : query.isError ? (
          <p role="alert">
            {query.error instanceof ApiError ? (query.error.serverMessage ?? notFoundMessage) : 'Please try again in a moment.'}
          </p>
        ) : (
          children(query.data)
        )}
        <p className={classes.foot}>
          <Link to="/" className="text-link">
            Back to the café
          </Link>
        </p>
      </Card>
    </main>
  );
}
