import { describe, expect, it } from 'vitest';
import { applyChanges, copyDetails } from './booking-details.js';

const details = { name: 'Ada', partySize: 4, date: '2026-12-12', time: '18:30', specialRequests: 'Near the games' };

describe('applyChanges', () => {
  it('replaces the given fields, removes a null one, and leaves the current details as they were', () => {
    // given a booking's details; when an edit moves it and clears its requests
    const next = applyChanges(details, { date: '2026-12-13', time: undefined, specialRequests: null });
    // then
    expect(next).toEqual({ name: 'Ada', partySize: 4, date: '2026-12-13', time: '18:30' });
    expect(details.date).toBe('2026-12-12');
    expect(details.specialRequests).toBe('Near the games');
  });

  it("takes a change event's data as it is: the booking's id is no detail", () => {
    expect(applyChanges(details, { reservationId: 'r1', partySize: 6 })).toEqual({ ...details, partySize: 6 });
    expect(applyChanges(details, { partyBookingId: 'p1', name: 'Grace' })).toEqual({ ...details, name: 'Grace' });
  });
});

describe('copyDetails', () => {
  it("adds a request's details after the fields a document leads with, in their order, without the id or the field left out", () => {
    // given a request's data
    const data = { reservationId: 'r1', source: 'public', ...details };
    // when a document copies it
    const doc = copyDetails(data, { _id: 'reservation:r1', id: 'r1' }, 'source');
    // then
    expect(Object.keys(doc)).toEqual(['_id', 'id', 'name', 'partySize', 'date', 'time', 'specialRequests']);
    expect(doc).toEqual({ _id: 'reservation:r1', id: 'r1', ...details });
    expect(copyDetails({ partyBookingId: 'p1', eventType: 'Birthday' })).toEqual({ eventType: 'Birthday' });
  });
});
