import { describe, expect, it } from 'vitest';
import { FULLY_BOOKED_CODE, partyTooLargeMessage } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { partyBody, reservationBody } from '../../test/booking-test-kit.js';

const visitor = { origin: 'http://localhost:3000' };

describe('a party larger than the café (20 seats)', () => {
  const { send, eventCount } = useAdminApp();

  it('is refused with the message that the café cannot seat it, not "fully booked"; 20 guests are taken', async () => {
    expect((await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 20 })).statusCode).toBe(200);
    const before = await eventCount();
    const refused = await send('POST', '/api/party-bookings', { ...partyBody, partySize: 24 }, visitor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: partyTooLargeMessage(24, 20), code: FULLY_BOOKED_CODE });
    expect(refused.json().message).toBe('Sorry, a party of 24 is larger than the café can seat (20 seats). Please choose a smaller party.');
    expect(await eventCount()).toBe(before);
    // The same day and time seat a party the café can hold.
    expect((await send('POST', '/api/party-bookings', { ...partyBody, partySize: 20 }, visitor)).statusCode).toBe(201);
  });

  it('is said the same way to staff growing a party to 25, who may still book it anyway', async () => {
    const created = await send('POST', '/api/party-bookings', { ...partyBody, email: 'grow@example.com', date: '2026-12-05' }, visitor);
    expect(created.statusCode).toBe(201);
    const path = `/api/party-bookings/${created.json<{ id: string }>().id}/details`;
    const refused = await send('PATCH', path, { partySize: 25 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: partyTooLargeMessage(25, 20), code: FULLY_BOOKED_CODE });
    expect((await send('PATCH', `${path}?override=capacity`, { partySize: 25 })).statusCode).toBe(200);
  });

  it('a table for more than the café seats says so too (staff dialog, 10 guests in a café of 8)', async () => {
    expect((await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 8 })).statusCode).toBe(200);
    const refused = await send('POST', '/api/admin/reservations', { ...reservationBody, partySize: 10 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(partyTooLargeMessage(10, 8));
  });
});
