import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_EMAIL, GUEST_CHANGE_TO_CONFIRM, type Availability, type GuestBooking, type PartyBookingOut } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

/**
 * The party: approved for 14 on Saturday 2026-11-28 at 2 PM ("host 2–4 PM"). Its guest makes it 20
 * at 6 PM through their link: it waits for staff again (the café is mailed, the guest told we'll confirm)
 * while the approved 14 at 2 PM keep their seats; staff approve (the new details are held, the guest mailed)
 * or reject (approved as it was, the guest mailed). Fewer people at the same time stay approved. Approving
 * a party on a day closed since it was asked for is refused. The test clock says Wednesday 2026-11-18, 10:00 in Chicago.
 */
let t: TestApp;
let visitor: Client;
let admin: Client;
beforeEach(async () => {
  t = await createTestApp();
  visitor = client(t);
  admin = client(t, await signInAdmin(t));
});
afterEach(async () => {
  await t.close();
});

const DAY = '2026-11-28';
const mailsFor = async (to: string) => {
  await notificationsOf(t.runtime)!.idle();
  return mailsTo(await outboxMails(t.dataDir), to);
};
const icsOf = (mail: ParsedMail) => mail.attachments.find((a) => a.filename === 'booking.ics')?.content.toString('utf8') ?? null;
const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();
const seatsLeft = async (time: string) =>
  (await visitor.get(`/api/availability?date=${DAY}`)).json<Availability>().slots.find((s) => s.time === time)?.remaining;
const staffView = async (id: string) => (await admin.get(`/api/admin/party-bookings/${id}`)).json<PartyBookingOut>();

/** The party asked for on the site and approved by staff; its guest's link read out of the first mail. */
async function approvedParty() {
  const res = await visitor.post('/api/party-bookings', { ...partyBody, partySize: 14, time: '14:00' });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: string }>().id;
  const [first] = await mailsFor(partyBody.email);
  const api = `/api/guest-bookings/${new URL(manageLinkOf(first!)!).searchParams.get('token')}`;
  const approve = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved', adminNotes: 'Host 2–4 PM' });
  expect(approve.statusCode, approve.body).toBe(200);
  const [, approval] = await mailsFor(partyBody.email);
  expect(approval!.subject).toBe('Your party booking is confirmed: Saturday, November 28, 2026 at 2:00 PM');
  return { id, api, uid: field(icsOf(approval!)!, 'UID')! };
}

describe('a guest grows an approved party through their link', () => {
  it('is pending again with the café mailed and the guest told; staff approve: the new details held and the guest mailed', async () => {
    const { id, api, uid } = await approvedParty();
    expect(await seatsLeft('14:00')).toBe(46);

    // When the guest makes it 20 people at 6 PM
    const changed = await visitor.patch(api, { partySize: 20, time: '18:00' });
    expect(changed.statusCode, changed.body).toBe(200);
    // Then their answer says we'll confirm, and their page shows it waiting with the approved booking held
    expect(changed.json()).toMatchObject({ status: 'pending', message: GUEST_CHANGE_TO_CONFIRM });
    expect((await visitor.get(api)).json<GuestBooking>()).toMatchObject({
      status: 'pending',
      time: '18:00',
      partySize: 20,
      heldAs: { date: DAY, time: '14:00', partySize: 14 },
    });
    // Staff see it pending, with what stays held; the approved 14 at 2 PM keep their seats, 6 PM holds nothing yet
    expect(await staffView(id)).toMatchObject({
      status: 'pending',
      time: '18:00',
      partySize: 20,
      heldAs: { time: '14:00', partySize: 14 },
    });
    expect(await seatsLeft('14:00')).toBe(46);
    expect(await seatsLeft('18:00')).toBe(60);

    // The café's inbox has the change to review: what changed, where to decide, a reply goes to the guest
    const cafe = await mailsFor(DEFAULT_EMAIL);
    expect(cafe.map((m) => m.subject)).toEqual([
      'New party request: Birthday Party, 14 people, Saturday, November 28, 2026 at 2:00 PM',
      'Party change to review: Birthday Party, 20 people, Saturday, November 28, 2026 at 6:00 PM',
    ]);
    const review = cafe[1]!;
    for (const part of [
      'Moved from Saturday, November 28, 2026 at 2:00 PM to Saturday, November 28, 2026 at 6:00 PM.',
      'Party size changed from 14 people to 20 people.',
      `${t.config.publicUrl}/admin`,
      'the booking you approved (Saturday, November 28, 2026 at 2:00 PM, 14 people) keeps its seats',
    ]) {
      expect(review.text).toContain(part);
    }
    expect(review.replyTo?.text).toBe(partyBody.email);

    // The guest's mail says what changed and that we'll confirm; nothing new goes into their calendar yet
    const guest = await mailsFor(partyBody.email);
    expect(guest).toHaveLength(3);
    const told = guest[2]!;
    expect(told.subject).toBe('We’ll confirm your change: Saturday, November 28, 2026 at 6:00 PM');
    for (const part of [
      'Party size changed from 14 people to 20 people.',
      'we’ll confirm by e-mail soon',
      'Until then your party stays booked as we approved it: Saturday, November 28, 2026 at 2:00 PM, 14 people.',
    ]) {
      expect(told.text).toContain(part);
    }
    expect(icsOf(told)).toBeNull();

    // When staff approve the change
    const approve = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' });
    expect(approve.statusCode, approve.body).toBe(200);
    // Then the new details hold the seats and the approved ones are given back
    expect(await seatsLeft('14:00')).toBe(60);
    expect(await seatsLeft('18:00')).toBe(40);
    expect(await staffView(id)).toMatchObject({ status: 'approved' });
    expect((await staffView(id)).heldAs).toBeUndefined();
    // And the guest is mailed the approval, saying what changed, with the calendar event moved (same UID, higher SEQUENCE)
    const after = await mailsFor(partyBody.email);
    expect(after).toHaveLength(4);
    const confirmed = after[3]!;
    expect(confirmed.subject).toBe('Your change is confirmed: Saturday, November 28, 2026 at 6:00 PM');
    expect(confirmed.text).toContain('Moved from Saturday, November 28, 2026 at 2:00 PM to Saturday, November 28, 2026 at 6:00 PM.');
    const ics = icsOf(confirmed)!;
    expect(field(ics, 'UID')).toBe(uid);
    expect(Number(field(ics, 'SEQUENCE'))).toBeGreaterThan(0);
    expect(field(ics, 'DTSTART')).toBe('20261129T000000Z'); // 6 PM in Chicago
    // The café is not mailed about its own decision
    expect(await mailsFor(DEFAULT_EMAIL)).toHaveLength(2);
  });

  it('staff reject the change: the party is approved as it was, its seats kept, and the guest mailed what stays', async () => {
    const { id, api, uid } = await approvedParty();
    expect((await visitor.patch(api, { time: '15:00' })).json()).toMatchObject({ status: 'pending' });

    const reject = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'rejected', adminNotes: 'The big room is taken at 3' });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await staffView(id)).toMatchObject({ status: 'approved', time: '14:00', partySize: 14 });
    expect((await staffView(id)).heldAs).toBeUndefined();
    expect((await visitor.get(api)).json<GuestBooking>()).toMatchObject({ status: 'confirmed', time: '14:00' });
    expect(await seatsLeft('14:00')).toBe(46);
    expect(await seatsLeft('15:00')).toBe(46);

    const mails = await mailsFor(partyBody.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'We received your party booking request for Saturday, November 28, 2026',
      'Your party booking is confirmed: Saturday, November 28, 2026 at 2:00 PM',
      'We’ll confirm your change: Saturday, November 28, 2026 at 3:00 PM',
      'About your change: your party stays on Saturday, November 28, 2026 at 2:00 PM',
    ]);
    const declined = mails[3]!;
    expect(declined.text).toContain('we cannot take the change you asked for (Saturday, November 28, 2026 at 3:00 PM, 14 people)');
    expect(declined.text).toContain('Notes from our team: The big room is taken at 3');
    const ics = icsOf(declined)!;
    expect(field(ics, 'UID')).toBe(uid);
    expect(field(ics, 'DTSTART')).toBe('20261128T200000Z'); // 2 PM in Chicago
  });

  it('fewer people at the same time stay approved: the guest is mailed the change with the updated invitation, the café nothing', async () => {
    const { id, api, uid } = await approvedParty();
    const smaller = await visitor.patch(api, { partySize: 10 });
    expect(smaller.json()).toMatchObject({ status: 'confirmed', message: null });
    expect(await staffView(id)).toMatchObject({ status: 'approved', partySize: 10 });
    expect(await seatsLeft('14:00')).toBe(50);
    const change = (await mailsFor(partyBody.email))[2]!;
    expect(change.subject).toBe('Your booking was changed: Saturday, November 28, 2026 at 2:00 PM');
    expect(change.text).toContain('Party size changed from 14 people to 10 people.');
    expect(field(icsOf(change)!, 'UID')).toBe(uid);
    expect(await mailsFor(DEFAULT_EMAIL)).toHaveLength(1);
  });
});

describe('approving re-checks the day', () => {
  it('refuses to approve a party on a day closed since it was asked for (409, the closure named)', async () => {
    const res = await visitor.post('/api/party-bookings', partyBody);
    const { id } = res.json<{ id: string }>();
    const block = await admin.post('/api/admin/blocked-dates', { date: DAY, reason: 'Private event', bookings: 'keep' });
    expect(block.statusCode, block.body).toBe(201);
    const approve = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' });
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json().message).toBe('Sorry, we are closed on this date: Private event');
    expect(await staffView(id)).toMatchObject({ status: 'pending' });
    // Turning it down is still possible.
    expect((await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'rejected' })).statusCode).toBe(200);
  });
});
