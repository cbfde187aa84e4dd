import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';

const suite = useAdminApp();
const { t } = suite;
const admin = client(t, { headers: suite.admin });

describe('Reports: use per table and area on a floor', () => {
  it('given a floor, stays at its tables, a move and a no-show, when the day is over, then seated minutes over open minutes', async () => {
    const floor = {
      areas: [
        {
          name: 'Main',
          tables: [
            { name: '1', minSeats: 1, maxSeats: 2, online: true },
            { name: '2', minSeats: 1, maxSeats: 4, online: true },
          ],
        },
        { name: 'Patio', tables: [{ name: 'P', minSeats: 1, maxSeats: 4, online: true }] },
      ],
    };
    expect((await suite.send('PUT', '/api/admin/floor', floor)).statusCode).toBe(200);
    const book = async (partySize: number, time: string, email: string) => {
      const res = await admin.post('/api/admin/reservations', { ...reservationBody, partySize, time, email });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    // Saturday 2026-11-21 (open 11 AM – 11 PM: 720 minutes); a couple 90 minutes, four 120.
    await book(2, '12:00', 'couple@example.com');
    const four = await book(4, '18:00', 'four@example.com');
    const gone = await book(2, '19:00', 'gone@example.com');
    const moved = await admin.post('/api/admin/floor/moves', { date: '2026-11-21', bookingId: four, tables: ['P'] });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.set('2026-11-22T03:00:00.000Z'); // 9 PM on the Saturday in Chicago
    expect((await admin.patch(`/api/admin/reservations/${gone}/arrival`, { status: 'no-show' })).statusCode).toBe(200);

    const report = (await admin.get('/api/admin/reports?from=2026-11-21&to=2026-11-21')).json();
    const seated = Object.fromEntries(
      report.tableUse.tables.map((u: { table: string; seatedMinutes: number }) => [u.table, u.seatedMinutes]),
    );
    expect(seated).toEqual({ '1': 90, '2': 0, P: 120 });
    expect(report.tableUse.tables[0]).toMatchObject({ area: 'Main', openMinutes: 720, rate: 0.125 });
    expect(report.tableUse.areas).toEqual([
      { area: 'Main', tables: 2, seatedMinutes: 90, openMinutes: 1440, rate: 0.0625 },
      { area: 'Patio', tables: 1, seatedMinutes: 120, openMinutes: 720, rate: 120 / 720 },
    ]);
    const csv = await admin.get('/api/admin/reports/table-use.csv?from=2026-11-21&to=2026-11-21');
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual(['area,table,seated_minutes,open_minutes,use_percent', 'Main,1,90,720,12.5']);
  });
});
