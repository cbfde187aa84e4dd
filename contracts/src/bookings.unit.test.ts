import { describe, expect, it } from 'vitest';
import {
  adminPartyDetailsSchema,
  adminReservationSchema,
  partyApprovalSchema,
  publicPartyBookingSchema,
  publicReservationSchema,
} from './index.js';

const today = '2026-11-18';
const base = { name: 'Ada', email: 'ada@example.com', phone: '(262) 555-0100', partySize: 4, date: '2026-11-21', time: '11:00' };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('contract schemas: one rule for the browser and the server', () => {
  it('public reservation: sizes 2–10 only', () => {
    expect(publicReservationSchema(today).safeParse({ ...base, partySize: 2 }).success).toBe(true);
    expect(publicReservationSchema(today).safeParse({ ...base, partySize: 10 }).success).toBe(true);
    expect(firstMessage(publicReservationSchema(today).safeParse({ ...base, partySize: 1 }))).toBe('Party size must be between 2 and 10');
  });
  it('admin reservation: sizes 1–10 and the dialog’s messages', () => {
    const s = adminReservationSchema(today);
    expect(s.safeParse({ ...base, partySize: 1 }).success).toBe(true);
    // Staff may take a booking by phone without an e-mail (staff-contact.unit.test.ts).
    expect(s.parse({ ...base, email: '' }).email).toBe('');
    expect(firstMessage(s.safeParse({ ...base, email: 'nope' }))).toBe('Invalid email');
    expect(firstMessage(s.safeParse({ ...base, phone: '(262) 555' }))).toBe('Please enter a complete 10-digit phone number');
    expect(s.parse({ ...base, phone: '262-555-0100' }).phone).toBe('(262) 555-0100');
    expect(firstMessage(s.safeParse({ ...base, phone: '+44 20 7946 0958' }))).toBe('Invalid phone number');
    expect(firstMessage(s.safeParse({ ...base, date: '' }))).toBe('Date is required');
    expect(firstMessage(s.safeParse({ ...base, date: '2026-11-17' }))).toBe('Reservation date cannot be in the past');
  });
  it("public party: any size a café could seat (the café's own range is Business Info's, checked by the server) and an event type from either list", () => {
    const s = publicPartyBookingSchema(today);
    const party = { ...base, partySize: 6, eventType: 'team-building' };
    expect(s.safeParse(party).success).toBe(true);
    expect(s.safeParse({ ...party, eventType: 'graduation' }).success).toBe(true);
    expect(s.safeParse({ ...party, partySize: 30 }).success).toBe(true);
    expect(firstMessage(s.safeParse({ ...party, partySize: 0 }))).toBe('Party size must be between 1 and 1000');
    expect(firstMessage(s.safeParse({ ...party, partySize: 2.5 }))).toBe('Party size must be a whole number');
    expect(firstMessage(s.safeParse({ ...party, eventType: '' }))).toBe('Event type is required');
    expect(firstMessage(s.safeParse({ ...party, date: '2026-11-01' }))).toBe('Party booking date cannot be in the past');
  });
  it('admin party edit: 1–10 then 15, 20, 25, 30', () => {
    const s = adminPartyDetailsSchema(today);
    const party = { ...base, eventType: 'holiday' };
    for (const size of [1, 10, 15, 20, 25, 30]) expect(s.safeParse({ ...party, partySize: size }).success).toBe(true);
    for (const size of [11, 14, 24, 31]) expect(s.safeParse({ ...party, partySize: size }).success).toBe(false);
  });
  it('approval: approved or rejected, notes optional', () => {
    expect(partyApprovalSchema.safeParse({ status: 'approved' }).success).toBe(true);
    expect(partyApprovalSchema.safeParse({ status: 'rejected', adminNotes: 'Fully booked' }).success).toBe(true);
    expect(partyApprovalSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
  it('skips the past-date rule when today is null (history, filters)', () => {
    expect(publicReservationSchema(null).safeParse({ ...base, date: '2020-01-04' }).success).toBe(true);
  });
});
