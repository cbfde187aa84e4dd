import { describe, expect, it } from 'vitest';
import { daySheetTablesText, type DaySheet, type FloorInput } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-20 is a Friday.
const DAY = '2026-11-20';

const FLOOR: FloorInput = {
  areas: [
    {
      name: 'Main room',
      tables: [
        { name: '1', minSeats: 1, maxSeats: 2, online: true },
        { name: '2', minSeats: 1, maxSeats: 2, online: true },
        { name: '3', minSeats: 3, maxSeats: 4, online: true },
      ],
    },
  ],
};

describe('the day sheet on a floor: each booking with its tables, the end of its stay and its table moves', () => {
  const suite = useAdminApp();
  const admin = client(suite.t, { headers: suite.admin });
  const reserve = async (name: string, time: string, partySize: number) => {
    const res = await admin.post('/api/admin/reservations', {
      ...reservationBody,
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      date: DAY,
      time,
      partySize,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const rowOf = async (id: string) => {
    const res = await admin.get(`/api/admin/day-sheet?date=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DaySheet>().bookings.find((b) => b.id === id)!;
  };
  const ids = { couple: '', four: '' };

  it('given no floor, when staff print the day, then a booking has no tables on it', async () => {
    ids.four = await reserve('Fay Four', '18:00', 4);
    const row = await rowOf(ids.four);
    expect(row).not.toHaveProperty('tables');
    expect(row).not.toHaveProperty('stayUntil');
    expect(daySheetTablesText(row)).toBe('');
  });

  it('given a floor, when staff print the day, then each booking shows its tables and until when', async () => {
    expect((await suite.send('PUT', '/api/admin/floor', FLOOR)).statusCode).toBe(200);
    ids.couple = await reserve('Cal Couple', '17:00', 2);
    expect(await rowOf(ids.couple)).toMatchObject({ tables: ['1'], stayUntil: '18:30' });
    // Booked before the floor: the floor's placement gives it the four-top (it runs in the background).
    await expect.poll(async () => (await rowOf(ids.four)).tables, { timeout: 5000 }).toEqual(['3']);
    const four = await rowOf(ids.four);
    expect(four.stayUntil).toBe('20:00');
    expect(four).not.toHaveProperty('tableMoves');
    expect(daySheetTablesText(four)).toBe('Table 3 until 8:00 PM');
  });

  it('given staff move the couple from table 1 to 2 and back, when staff print the day, then both moves are listed in order', async () => {
    for (const tables of [['2'], ['1']]) {
      const res = await admin.post('/api/admin/floor/moves', { date: DAY, bookingId: ids.couple, tables });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await rowOf(ids.couple)).toMatchObject({ tables: ['1'], stayUntil: '18:30', tableMoves: ['Table: 1 → 2', 'Table: 2 → 1'] });
  });

  it('given a game night taking table 2 in the evening, when staff print the day, then its tables are on its line', async () => {
    const res = await suite.send('POST', '/api/admin/events', {
      title: 'Late game night',
      event_date: DAY,
      event_time: '20:30',
      tables: ['2'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sheet = (await admin.get(`/api/admin/day-sheet?date=${DAY}`)).json<DaySheet>();
    expect(sheet.events).toContainEqual(expect.objectContaining({ title: 'Late game night', tables: ['2'] }));
  });
});
