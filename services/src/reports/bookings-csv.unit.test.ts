import { describe, expect, it } from 'vitest';
import { BOOKINGS_CSV_HEADER } from '@cafe/contracts';
import type { CalendarDoc } from '../booking-calendar/index.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import type { DocumentCollection, Filter, FindOptions } from '../platform/document-store/document-store.js';
import { bookingsCsvChunks } from './bookings-csv.js';

const booking = (n: number, date: string, time: string): CalendarDoc =>
  ({
    _id: `reservation:r${n}`,
    kind: 'reservation',
    id: `r${n}`,
    name: `Guest ${n}`,
    email: `g${n}@example.com`,
    phone: '(608) 555-0100',
    partySize: 2,
    date,
    time,
    createdAt: `2026-11-0${(n % 9) + 1}T10:00:00.000Z`,
    version: 1,
  }) as CalendarDoc;

describe('bookings.csv, page by page', () => {
  it('reads the range in BOOKING_ORDER a page at a time (each find limited) and yields every row once, header first', async () => {
    const store = new MemoryDocumentStore();
    const docs = [
      booking(1, '2026-11-02', '11:00'),
      booking(2, '2026-11-01', '18:00'),
      booking(3, '2026-11-01', '11:00'),
      booking(4, '2026-11-01', '11:00'),
      booking(5, '2026-11-03', '12:00'),
      booking(6, '2026-12-01', '12:00'), // outside the range
    ];
    await store.applyBatch([{ collection: 'bookings_calendar', puts: docs, deletes: [] }]);
    const real = store.collection<CalendarDoc>('bookings_calendar');
    const finds: FindOptions[] = [];
    const collection = {
      ...real,
      find: (filter: Filter, options: FindOptions = {}) => {
        finds.push(options);
        return real.find(filter, options);
      },
    } as DocumentCollection<CalendarDoc>;

    const chunks: string[] = [];
    for await (const chunk of bookingsCsvChunks(collection, { from: '2026-11-01', to: '2026-11-30' }, 2)) chunks.push(chunk);
    const lines = chunks.join('').trimEnd().split('\r\n');
    expect(lines[0]).toBe(BOOKINGS_CSV_HEADER.join(','));
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(' '))).toEqual([
      '2026-11-01 11:00',
      '2026-11-01 11:00',
      '2026-11-01 18:00',
      '2026-11-02 11:00',
      '2026-11-03 12:00',
    ]);
    expect(new Set(lines.slice(1)).size).toBe(5);
    // Five rows in pages of two: no find reads more than a page and one more.
    expect(finds.length).toBeGreaterThanOrEqual(3);
    for (const options of finds) expect(options.limit).toBeLessThanOrEqual(3);
  });

  it('an empty range is the header alone', async () => {
    const store = new MemoryDocumentStore();
    const chunks: string[] = [];
    for await (const chunk of bookingsCsvChunks(store.collection<CalendarDoc>('bookings_calendar'), {
      from: '2026-11-01',
      to: '2026-11-30',
    }))
      chunks.push(chunk);
    expect(chunks.join('')).toBe(`${BOOKINGS_CSV_HEADER.join(',')}\r\n`);
  });
});
