import { describe, expect, it } from 'vitest';
import type { AdminOpenTables, ForgetResult, PublicOpenTables } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';
import { notificationsOf } from '../notifications/index.js';

/**
 * Issue 25's Must show: after `forget` of a guest who signed up for a game night and joined an open
 * table, no answer or read model (nor the event log as read) holds their data, and the counts stay.
 */
const jane = { name: 'Jane Twoplaces', email: 'jane.twoplaces@example.com', phone: '(262) 555-0177' };
const DATE = reservationBody.date;

describe('forget a guest who signed up for a game night and joined an open table', () => {
  const suite = useAdminApp();
  const { t } = suite;
  const admin = client(t, { headers: suite.admin });
  const visitor = client(t);

  it('erases both, keeps the places and the seats', async () => {
    const event = await admin.post('/api/admin/events', {
      title: 'Learn-to-play Saturday',
      event_date: DATE,
      event_time: '7:00 PM',
      price: '$5',
      max_attendees: 12,
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = (event.json() as { id: string }).id;
    const signedUp = await visitor.post(`/api/events/${eventId}/sign-ups`, { date: DATE, ...jane, places: 2 });
    expect(signedUp.statusCode, signedUp.body).toBe(201);

    const host = await admin.post('/api/admin/reservations', { ...reservationBody, partySize: 4, time: '18:00' });
    const opened = await admin.post('/api/admin/open-tables', {
      reservationId: (host.json() as { id: string }).id,
      game: 'Azul',
      seats: 3,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const tableId = (opened.json() as { id: string }).id;
    const asked = await visitor.post(`/api/open-tables/${tableId}/join-requests`, { name: jane.name, email: jane.email, partySize: 2 });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = (asked.json() as { id: string }).id;
    expect((await admin.post(`/api/admin/open-tables/${tableId}/requests/${requestId}`, { answer: 'accept' })).statusCode).toBe(200);
    await notificationsOf(t.runtime)!.idle();

    const occurrence = `/api/admin/events/${eventId}/occurrences/${DATE}`;
    const placesBefore = (await admin.get(occurrence)).json() as { placesTaken: number };
    const tablesBefore = (await admin.get(`/api/admin/open-tables?date=${DATE}`)).json() as AdminOpenTables;

    const res = await admin.post('/api/admin/privacy/forget', { email: jane.email });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ForgetResult).records).toMatchObject({ eventSignUps: 1, openTableRequests: 1 });

    expect(((await admin.get(occurrence)).json() as { placesTaken: number }).placesTaken).toBe(placesBefore.placesTaken);
    const tablesAfter = (await admin.get(`/api/admin/open-tables?date=${DATE}`)).json() as AdminOpenTables;
    expect(tablesAfter.tables[0]!.seatsLeft).toBe(tablesBefore.tables[0]!.seatsLeft);
    expect(((await visitor.get(`/api/open-tables?date=${DATE}`)).json() as PublicOpenTables).tables[0]!.seatsLeft).toBe(1);

    const secrets = [jane.name, jane.email, jane.phone, 'Twoplaces'];
    const answers = [
      (await admin.get(occurrence)).body,
      (await admin.get(`/api/admin/open-tables?date=${DATE}`)).body,
      (await visitor.get(`/api/open-tables?date=${DATE}`)).body,
      (await admin.get('/api/admin/system/events?limit=500')).body,
    ];
    for (const body of answers) for (const secret of secrets) expect(body).not.toContain(secret);
    for (const name of await t.runtime.documents.listCollections()) {
      const text = JSON.stringify(await t.runtime.documents.collection(name).find({}));
      for (const secret of secrets) expect(text, name).not.toContain(secret);
    }
    const log = JSON.stringify((await t.runtime.eventStore.readAll()).map((e) => e.data));
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
