import { describe, expect, it } from 'vitest';
import {
  OFFER_PASSED_MESSAGE,
  PERSONAL_DATA_ERASED,
  type AdminWaitlistOut,
  type WaitlistEntryOut,
  type WaitlistOfferOut,
} from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { dayHolds, setFloor } from '../../test/floor-booking-kit.js';
import { waitlistProcessOf } from './index.js';

// The clock: Wednesday 2026-11-18, 10:00 in Chicago (open 3 PM – 11 PM on the days used here).
const TODAY = '2026-11-18';
const THURSDAY = '2026-11-19';
const FRIDAY = '2026-11-20';
const SUNDAY = '2026-11-22';
const visitor = { origin: 'http://localhost:3000' };
const couple = (email: string, date: string) => ({
  ...reservationBody,
  email,
  partySize: 2,
  date,
  time: '19:00',
  specialRequests: undefined,
});
const joinBody = (name: string, email: string, date: string) => ({
  name,
  email,
  phone: '(262) 555-0133',
  partySize: 2,
  date,
  from: '18:30',
  to: '20:00',
});

describe('the waitlist with guests and staff', () => {
  const { t, send } = useAdminApp();
  const list = async (date: string) => (await send('GET', `/api/admin/waitlist?date=${date}`)).json<AdminWaitlistOut>();
  const join = async (name: string, email: string, date: string) => {
    const res = await send('POST', '/api/waitlist', joinBody(name, email, date), visitor);
    expect(res.statusCode).toBe(201);
    return res.json<WaitlistEntryOut>();
  };
  /** Two couples fill the 4 seats at 7 PM on `date`; answers the first one's id. */
  const fill = async (date: string) => {
    const ids: string[] = [];
    for (const who of ['ann', 'bob'])
      ids.push((await send('POST', '/api/reservations', couple(`${who}.${date}@example.com`, date), visitor)).json<{ id: string }>().id);
    return ids[0]!;
  };
  const offerToken = async (entry: WaitlistEntryOut) =>
    (await send('GET', `/api/waitlist/${entry.token}`, undefined, visitor)).json<WaitlistEntryOut>().offer!.token!;

  it('a guest leaves through their link; one who passes lets the next have the seats; offers today are held at most 10 minutes, other days as staff set', async () => {
    expect((await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 4 })).statusCode).toBe(200);
    expect((await send('PUT', '/api/admin/waitlist/settings', { offerHoldMinutes: 45 })).json()).toEqual({ offerHoldMinutes: 45 });
    expect((await send('PUT', '/api/admin/waitlist/settings', { offerHoldMinutes: 2 })).statusCode).toBe(400);
    const ann = await fill(THURSDAY);
    const gus = await join('Gus', 'gus@example.com', THURSDAY);
    const hal = await join('Hal', 'hal@example.com', THURSDAY);
    const ivy = await join('Ivy', 'ivy@example.com', THURSDAY);
    // Gus leaves: Hal is next
    const left = await send('DELETE', `/api/waitlist/${gus.token}`, undefined, visitor);
    expect(left.json()).toMatchObject({ status: 'left', position: null });
    expect((await send('GET', `/api/waitlist/${hal.token}`, undefined, visitor)).json()).toMatchObject({ position: 1 });
    expect((await send('DELETE', `/api/reservations/${ann}`)).statusCode).toBe(200);
    await waitlistProcessOf(t.runtime)!.pass();
    const halsOffer = (await list(THURSDAY)).entries.find((e) => e.name === 'Hal')!.offer!;
    expect(halsOffer.holdUntil).toBe('2026-11-18T16:45:00.000Z');
    // Hal passes: Ivy gets the seats
    const passed = await send('POST', `/api/waitlist-offers/${await offerToken(hal)}/pass`, {}, visitor);
    expect(passed.json<WaitlistOfferOut>()).toMatchObject({ status: 'passed' });
    await waitlistProcessOf(t.runtime)!.pass();
    expect((await list(THURSDAY)).entries.map((e) => [e.name, e.status])).toEqual([
      ['Gus', 'left'],
      ['Hal', 'left'],
      ['Ivy', 'offered'],
    ]);
    const refused = await send('POST', `/api/waitlist-offers/${await offerToken(hal).catch(() => '')}/claim`, {}, visitor);
    expect(refused.statusCode).not.toBe(201);
    expect((await dayHolds(t, THURSDAY)).filter((h) => h.kind === 'offer')).toHaveLength(1);
    expect(ivy.position).toBe(3);

    // Today: held 10 minutes, whatever the setting
    const today = await fill(TODAY);
    await join('Jo', 'jo@example.com', TODAY);
    expect((await send('DELETE', `/api/reservations/${today}`)).statusCode).toBe(200);
    await waitlistProcessOf(t.runtime)!.pass();
    expect((await list(TODAY)).entries[0]!.offer!.holdUntil).toBe('2026-11-18T16:10:00.000Z');
  }, 30_000);

  it('a larger capacity frees seats: the first waiting entry is offered them', async () => {
    const monday = '2026-11-23';
    await fill(monday);
    const nia = await join('Nia', 'nia@example.com', monday);
    await waitlistProcessOf(t.runtime)!.pass();
    expect((await send('GET', `/api/waitlist/${nia.token}`, undefined, visitor)).json()).toMatchObject({ status: 'waiting', offer: null });
    expect((await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 6 })).statusCode).toBe(200);
    await waitlistProcessOf(t.runtime)!.pass();
    expect((await send('GET', `/api/waitlist/${nia.token}`, undefined, visitor)).json()).toMatchObject({
      status: 'offered',
      offer: { time: '19:00', status: 'offered' },
    });
    expect((await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 4 })).statusCode).toBe(200);
  }, 30_000);

  it('a passed offer cannot be taken', async () => {
    const ann = await fill(SUNDAY);
    const kim = await join('Kim', 'kim@example.com', SUNDAY);
    expect((await send('DELETE', `/api/reservations/${ann}`)).statusCode).toBe(200);
    await waitlistProcessOf(t.runtime)!.pass();
    const token = await offerToken(kim);
    expect((await send('POST', `/api/waitlist-offers/${token}/pass`, {}, visitor)).statusCode).toBe(200);
    const claim = await send('POST', `/api/waitlist-offers/${token}/claim`, {}, visitor);
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe(OFFER_PASSED_MESSAGE);
  }, 30_000);

  it('forget erases waitlist entries; their places, sizes and offers (the counts) stay', async () => {
    const before = await list(THURSDAY);
    const forgot = await send('POST', '/api/admin/privacy/forget', { email: 'ivy@example.com' });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().records).toMatchObject({ waitlistEntries: 1 });
    const after = await list(THURSDAY);
    expect(after.entries).toHaveLength(before.entries.length);
    const ivy = after.entries.find((e) => e.id === before.entries.find((b) => b.name === 'Ivy')!.id);
    expect(ivy).toMatchObject({ name: PERSONAL_DATA_ERASED, email: '', phone: '', status: 'offered', partySize: 2 });
    expect(ivy!.offer).toEqual(before.entries.find((b) => b.name === 'Ivy')!.offer);
    // Nothing of hers is left in the event log's plain text
    const log = JSON.stringify((await t.runtime.eventStore.readAll()).map((e) => e.data));
    expect(log).not.toContain('ivy@example.com');
    // Again: nothing more to erase
    expect((await send('POST', '/api/admin/privacy/forget', { email: 'ivy@example.com' })).json().records?.waitlistEntries ?? 0).toBe(0);
  }, 30_000);
});

describe('a date past', () => {
  const { t, send } = useAdminApp();

  it('ends its waitlist: entries expire, a live offer lets its seats go (clock injected)', async () => {
    const res = await send('POST', '/api/waitlist', joinBody('Ola', 'ola@example.com', THURSDAY), visitor);
    expect(res.statusCode).toBe(201);
    await waitlistProcessOf(t.runtime)!.pass();
    expect((await dayHolds(t, THURSDAY)).filter((h) => h.kind === 'offer')).toHaveLength(1);
    t.clock.set('2026-11-20T16:00:00.000Z');
    await waitlistProcessOf(t.runtime)!.pass();
    const { entries } = (await send('GET', `/api/admin/waitlist?date=${THURSDAY}`)).json<AdminWaitlistOut>();
    expect(entries.map((e) => [e.status, e.offer?.status])).toEqual([['expired', 'expired']]);
    expect(await dayHolds(t, THURSDAY)).toEqual([]);
  }, 30_000);
});

describe('the waitlist on a floor', () => {
  const { t, send } = useAdminApp();

  it('an offer gets a table as a guest booking would, and taking it books that table', async () => {
    await setFloor(t, (method, url, body) => send(method, url, body));
    // Five couples at 7 PM fill the five 2-tops (the 6-tops seat 3 or more); a sixth is refused
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await send('POST', '/api/reservations', couple(`c${n}@example.com`, FRIDAY), visitor);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    expect((await send('POST', '/api/reservations', couple('lee@example.com', FRIDAY), visitor)).statusCode).toBe(409);
    const lee = (await send('POST', '/api/waitlist', joinBody('Lee', 'lee@example.com', FRIDAY), visitor)).json<WaitlistEntryOut>();
    const third = (await dayHolds(t, FRIDAY)).find((h) => h.bookingId === ids[2])!.tables!;

    expect((await send('DELETE', `/api/reservations/${ids[2]}`)).statusCode).toBe(200);
    await waitlistProcessOf(t.runtime)!.pass();
    const entry = (await send('GET', `/api/waitlist/${lee.token}`, undefined, visitor)).json<WaitlistEntryOut>();
    const offer = (await send('GET', `/api/waitlist-offers/${entry.offer!.token}`, undefined, visitor)).json<WaitlistOfferOut>();
    // The table the cancelled couple left, held for Lee for a couple's stay
    expect(offer).toMatchObject({ time: '19:00', tables: third, status: 'offered' });
    expect((await dayHolds(t, FRIDAY)).find((h) => h.bookingId === offer.id)).toMatchObject({
      kind: 'offer',
      tables: third,
      holdingMinutes: 90,
    });
    expect((await send('POST', '/api/reservations', couple('max@example.com', FRIDAY), visitor)).statusCode).toBe(409);

    const taken = await send('POST', `/api/waitlist-offers/${entry.offer!.token}/claim`, {}, visitor);
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual({ id: offer.id, version: expect.any(Number), tables: third, stayUntil: '20:30' });
    expect((await dayHolds(t, FRIDAY)).find((h) => h.bookingId === offer.id)).toMatchObject({ kind: 'reservation', tables: third });
  }, 30_000);
});
