import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { pageFetch } from './staff';

export interface GuestBooking {
  name: string;
  email: string;
  date: string;
  time: string;
  /** A birthday party request of 12 guests; otherwise a table for 4. */
  party: boolean;
}

/** A guest books on the website, as its forms post: a table (201) or a party request (201, pending). */
export async function bookAsGuest(visitor: Page, g: GuestBooking): Promise<{ id: string; version: number }> {
  const common = { name: g.name, email: g.email, phone: '(414) 555-0142', date: g.date, time: g.time };
  const res = g.party
    ? await pageFetch<{ id: string; version: number }>(visitor, 'POST', '/api/party-bookings', {
        ...common,
        eventType: 'birthday',
        partySize: 12,
      })
    : await pageFetch<{ id: string; version: number }>(visitor, 'POST', '/api/reservations', { ...common, partySize: 4 });
  expect(res.status).toBe(201);
  return res.json;
}

/** Staff approve a pending party request (PATCH …/approve at the version it was read). */
export async function approveParty(staff: Page, id: string, version: number): Promise<void> {
  const status = await staff.evaluate(
    async ({ id, version }) =>
      (
        await fetch(`/api/party-bookings/${encodeURIComponent(id)}/approve`, {
          method: 'PATCH',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'if-match': `"${version}"` },
          body: JSON.stringify({ status: 'approved', adminNotes: '' }),
        })
      ).status,
    { id, version },
  );
  expect(status).toBe(200);
}
