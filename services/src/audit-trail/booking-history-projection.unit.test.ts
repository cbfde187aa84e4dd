import { describe, expect, it } from 'vitest';
import { projectionSpec } from '../../test/projection-spec.js';
import { bookingHistoryProjection, historyDocId } from './booking-history-projection.js';

const OWNER = { kind: 'admin', email: 'owner@example.com', userId: 'u1' } as const;
const requested = {
  stream: 'partyBooking-p1',
  type: 'PartyBookingRequested',
  data: {
    partyBookingId: 'p1',
    source: 'public',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    phone: '(262) 555-0111',
    eventType: 'birthday',
    partySize: 12,
    date: '2026-11-28',
    time: '18:00',
  },
};
const spec = projectionSpec(bookingHistoryProjection);

describe('booking_history projection', () => {
  it("given a visitor's request, when the owner approves it with notes, then the trail reads request then decision, with who and the notes", () => {
    spec
      .given([requested])
      .when({
        stream: 'partyBooking-p1',
        type: 'PartyBookingApproved',
        actor: OWNER,
        at: '2026-11-18T17:00:00.000Z',
        data: { partyBookingId: 'p1', approvedBy: OWNER.email, approvedAt: '2026-11-18T17:00:00.000Z', adminNotes: 'Cake at 7' },
      })
      .then((docs) => {
        const doc = docs.get(historyDocId('party', 'p1'))!;
        expect(doc.entries.map((e) => [e.what, e.by, e.notes])).toEqual([
          ['Party booking requested', 'visitor', null],
          ['Party booking approved', 'owner@example.com', 'Cake at 7'],
        ]);
        expect(doc.entries[1]!.changes).toContainEqual({ field: 'status', from: 'pending', to: 'approved' });
      });
  });

  it('given a request, when the owner changes the time, then the entry says from what to what', () => {
    spec
      .given([requested])
      .when({ stream: 'partyBooking-p1', type: 'PartyBookingDetailsChanged', actor: OWNER, data: { partyBookingId: 'p1', time: '19:00' } })
      .then((docs) => {
        const last = docs.get(historyDocId('party', 'p1'))!.entries.at(-1)!;
        expect(last.changes).toEqual([{ field: 'time', from: '18:00', to: '19:00' }]);
      });
  });

  it('given a request, when it is cancelled, then the trail stays and says the booking is no longer active', () => {
    spec
      .given([requested])
      .when({ stream: 'partyBooking-p1', type: 'PartyBookingCancelled', actor: OWNER, data: { partyBookingId: 'p1' } })
      .then((docs) => {
        const doc = docs.get(historyDocId('party', 'p1'))!;
        expect(doc.active).toBe(false);
        expect(doc.entries.at(-1)!.what).toBe('Party booking cancelled');
      });
  });
  it('given a booking and its reminder claimed (revisions 0 of its own stream), when the reminder is sent, then the trail shows the outcome only, by the system', () => {
    const REMINDERS = { kind: 'system', name: 'reminders' } as const;
    const ref = { kind: 'party', bookingId: 'p1', date: '2026-11-28' };
    spec
      .given([
        requested,
        { stream: 'reminder-party-p1', type: 'ReminderClaimed', actor: REMINDERS, data: { ...ref, to: 'grace@example.com', attempt: 1 } },
      ])
      .when({
        stream: 'reminder-party-p1',
        type: 'ReminderSent',
        actor: REMINDERS,
        data: { ...ref, transport: 'outbox', messageId: '<m>' },
      })
      .then((docs) => {
        const doc = docs.get(historyDocId('party', 'p1'))!;
        // Revision 1 of the reminder stream is not mistaken for revision 1 of the booking's.
        expect(doc.entries.map((e) => [e.what, e.by, e.version])).toEqual([
          ['Party booking requested', 'visitor', 0],
          ['Reminder e-mail sent', 'system (reminders)', 1],
        ]);
      });
  });

  it('given a booking, when staff cancel it because they closed its date, then the trail says so, with who and the reason', () => {
    spec
      .given([requested])
      .when({
        stream: 'partyBooking-p1',
        type: 'PartyBookingCancelled',
        actor: OWNER,
        data: { partyBookingId: 'p1', closure: { reason: 'Kitchen renovation', from: '2026-11-27', to: '2026-11-29' } },
      })
      .then((docs) => {
        const doc = docs.get(historyDocId('party', 'p1'))!;
        expect(doc.active).toBe(false);
        expect(doc.entries.at(-1)).toMatchObject({
          what: 'Party booking cancelled: café closed',
          by: 'owner@example.com',
          notes: 'Kitchen renovation',
          changes: [{ field: 'status', from: 'pending', to: 'cancelled' }],
        });
      });
  });

  it("given a request and a move on the day's stream at the same revision number, when the booking changes, then both entries stay: a move says 'Table: 4 → 7'", () => {
    const day = (type: string, data: Record<string, unknown>) => ({
      stream: 'seating-2026-11-28',
      type,
      actor: OWNER,
      data: { date: '2026-11-28', bookingId: 'p1', ...data },
    });
    spec
      .given([
        day('SeatsReserved', { kind: 'party', time: '18:00', partySize: 12, holdingMinutes: 150, capacity: 60, tables: ['4'] }),
        requested,
        day('TablesAssigned', { from: ['4'], tables: ['7'], by: 'staff' }),
        day('StayChanged', { from: 150, holdingMinutes: 180 }),
      ])
      .when({ stream: 'partyBooking-p1', type: 'PartyBookingDetailsChanged', actor: OWNER, data: { partyBookingId: 'p1', time: '19:00' } })
      .then((docs) => {
        const doc = docs.get(historyDocId('party', 'p1'))!;
        expect(doc.entries.map((e) => [e.type, e.what])).toEqual([
          ['PartyBookingRequested', 'Party booking requested'],
          ['TablesAssigned', 'Table: 4 → 7'],
          ['StayChanged', 'Stay: 150 → 180 minutes'],
          ['PartyBookingDetailsChanged', 'Party booking details changed'],
        ]);
        expect(doc.tables).toEqual(['7']);
        // The line says the move or the stay once: no field change repeats it ("Tables: 4 → 7").
        expect(
          doc.entries.filter((e) => e.type !== 'PartyBookingRequested' && e.type !== 'PartyBookingDetailsChanged').map((e) => e.changes),
        ).toEqual([[], []]);
        expect(docs.has(historyDocId('reservation', 'p1'))).toBe(false);
      });
  });
});
