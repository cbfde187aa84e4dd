import type { InjectOptions } from 'fastify';
import type { TestApp } from './test-app.js';
import type { SignedIn } from './auth.js';

/** Shared by the bookings integration tests. The test clock says Wednesday 2026-11-18, 10:00 in Chicago. */
export const reservationBody = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(262) 555-0100',
  partySize: 4,
  date: '2026-11-21', // a Saturday
  time: '11:00',
  specialRequests: 'Window table please',
};

export const partyBody = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '(262) 555-0111',
  eventType: 'birthday',
  partySize: 12,
  date: '2026-11-28', // a Saturday
  time: '18:00',
  specialRequests: 'A cake table',
};

export type Client = ReturnType<typeof client>;

/** inject with a signed-in session (cookie + Origin) and optional extra headers such as If-Match. */
export function client(t: TestApp, auth?: Pick<SignedIn, 'headers'>) {
  const send = (method: InjectOptions['method'], url: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      // Without a session, still come from the site's origin: the 401 must come from the auth guard.
      headers: { ...(auth?.headers ?? { origin: new URL(t.config.publicUrl).origin }), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    get: (url: string, headers?: Record<string, string>) => send('GET', url, undefined, headers),
    post: (url: string, body: unknown, headers?: Record<string, string>) => send('POST', url, body, headers),
    patch: (url: string, body: unknown, headers?: Record<string, string>) => send('PATCH', url, body, headers),
    delete: (url: string, headers?: Record<string, string>) => send('DELETE', url, undefined, headers),
  };
}

/** Events of the booking streams only: the mail reactor appends notification-* streams on its own schedule. */
export async function bookingEvents(t: TestApp) {
  return (await t.runtime.eventStore.readAll()).filter((e) => /^(reservation|partyBooking|blockedDate)-/.test(e.streamId));
}
