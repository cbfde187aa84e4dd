import { useState } from 'react';
import { v7 as uuidv7 } from 'uuid';

/**
 * A staff form that books (Add New Reservation, Walk-in) sends an Idempotency-Key, as the public forms
 * do: one key per booking asked for, kept while the same details are sent again (Save pressed again
 * after a 500 or a lost answer books once), a new one when the details change or once it is booked.
 * A time-ordered UUID: the server gives the booking its time.
 */
export interface IdempotentCreate<TVars, TResult> {
  /** Sends `vars` under the key of these details. */
  send: (vars: TVars) => Promise<TResult>;
  /** Booked: the next request, even with the same details, is another booking. */
  booked: () => void;
}

export function idempotentCreate<TVars, TResult>(
  create: (vars: TVars, key: string) => Promise<TResult>,
  newKey: () => string = uuidv7,
): IdempotentCreate<TVars, TResult> {
  let sent: { body: string; key: string } | null = null;
  return {
    send: (vars) => {
      const body = JSON.stringify(vars);
      if (sent?.body !== body) sent = { body, key: newKey() };
      return create(vars, sent.key);
    },
    booked: () => {
      sent = null;
    },
  };
}

/** The same, kept for the life of the component whose form it sends. */
export function useIdempotentCreate<TVars, TResult>(
  create: (vars: TVars, key: string) => Promise<TResult>,
): IdempotentCreate<TVars, TResult> {
  const [kept] = useState(() => idempotentCreate(create));
  return kept;
}
