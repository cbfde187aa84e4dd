import { describe, expect, it } from 'vitest';
import {
  CONTACT_REQUIRED,
  adminPartyDetailsPatchSchema,
  adminPartyDetailsSchema,
  adminReservationPatchSchema,
  adminReservationSchema,
  publicPartyBookingSchema,
  publicReservationSchema,
} from './index.js';

const today = '2026-11-18';
const base = { name: 'Ada', email: 'ada@example.com', phone: '(262) 555-0100', partySize: 4, date: '2026-11-21', time: '11:00' };
const party = { ...base, eventType: 'birthday' };
type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (r: Parsed) => r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('staff take a booking by phone without an e-mail (issue 45)', () => {
  it.each([
    ['a new reservation', adminReservationSchema(today), base],
    ['a party edited in full', adminPartyDetailsSchema(today), party],
  ])('%s: an empty or absent e-mail is stored empty when there is a phone', (_label, schema, valid) => {
    expect(schema.parse({ ...valid, email: '' }).email).toBe('');
    expect(schema.parse({ ...valid, email: '  ' }).email).toBe('');
    const { email: _e, ...withoutEmail } = valid;
    expect(schema.parse(withoutEmail).email).toBe('');
    expect(issues(schema.safeParse({ ...valid, email: 'nope' }))).toEqual(['email: Invalid email']);
  });

  it.each([
    ['a new reservation', adminReservationSchema(today), base],
    ['a party edited in full', adminPartyDetailsSchema(today), party],
  ])('%s: neither phone nor e-mail says so; a phone is still required beside an e-mail', (_label, schema, valid) => {
    expect(issues(schema.safeParse({ ...valid, email: '', phone: '' }))).toEqual([`phone: ${CONTACT_REQUIRED}`]);
    const { email: _e, phone: _p, ...neither } = valid;
    expect(issues(schema.safeParse(neither))).toEqual([`phone: ${CONTACT_REQUIRED}`]);
    expect(issues(schema.safeParse({ ...valid, phone: '' }))).toEqual(['phone: Please enter a complete 10-digit phone number']);
  });

  it('says it beside every other missing field of an empty dialog (a missing date does not hide it)', () => {
    const empty = { name: '', email: '', phone: '', partySize: 2, date: '', time: '' };
    const said = issues(adminReservationSchema(today).safeParse(empty));
    expect(said).toContain('name: Name is required');
    expect(said).toContain('date: Date is required');
    expect(said).toContain(`phone: ${CONTACT_REQUIRED}`);
    expect(said.join('\n')).not.toContain('Email is required');
  });

  it('an edit: absent fields stay unchanged, an e-mail may be removed, never both ways to reach the guest', () => {
    expect(adminReservationPatchSchema(null).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(adminReservationPatchSchema(null).parse({ email: '' })).toEqual({ email: '' });
    expect(adminPartyDetailsPatchSchema(null).parse({ email: '', partySize: 12 })).toEqual({ email: '', partySize: 12 });
    expect(issues(adminReservationPatchSchema(null).safeParse({ email: '', phone: '' }))).toEqual([`phone: ${CONTACT_REQUIRED}`]);
    expect(issues(adminPartyDetailsPatchSchema(null).safeParse({ email: '', phone: '' }))).toEqual([`phone: ${CONTACT_REQUIRED}`]);
    expect(issues(adminReservationPatchSchema(null).safeParse({ phone: '' }))).toEqual([
      'phone: Please enter a complete 10-digit phone number',
    ]);
  });

  it('the public forms still require the e-mail (SPEC)', () => {
    expect(issues(publicReservationSchema(today).safeParse({ ...base, partySize: 2, email: '' }))).toEqual(['email: Email is required']);
    expect(issues(publicPartyBookingSchema(today).safeParse({ ...party, partySize: 6, email: '' }))).toEqual(['email: Email is required']);
  });
});
