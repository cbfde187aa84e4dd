import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { dockerSuite, useMongoContainer } from './docker.js';
import { MongoDocumentStore } from '../src/platform/document-store/mongo-document-store.js';
import { toMongoSort } from '../src/platform/document-store/mongo-mapping.js';
import type { Filter, Sort } from '../src/platform/document-store/document-store.js';
import { BOOKING_ORDER } from '../src/booking-rules/index.js';
import { BOOKINGS_SORT, bookingsFilter } from '../src/booking-calendar/bookings-queries.js';
import { reservationsProjection } from '../src/reservations/reservations-projection.js';
import { partyBookingsProjection } from '../src/party-bookings/party-bookings-projection.js';
import { bookingsCalendarProjection } from '../src/booking-calendar/index.js';

const suite = await dockerSuite('MongoDB read-model indexes (explain)');

/** The queries the routes run (see read-model-indexes.int.test.ts), by collection. */
const queries: { collection: string; filter: Filter; sort: Sort }[] = [
  { collection: reservationsProjection.name, filter: {}, sort: BOOKING_ORDER },
  { collection: partyBookingsProjection.name, filter: { date: { $gte: '2026-11-18' } }, sort: BOOKING_ORDER },
  {
    collection: bookingsCalendarProjection.name,
    filter: bookingsFilter({ from: '2026-11-01', to: '2026-11-30' }, { reservations: true, parties: true, minSize: 2 }, '2026-11-18')!,
    sort: BOOKINGS_SORT,
  },
];

describe.skipIf(!suite.docker)(suite.title, () => {
  const url = useMongoContainer();

  it('each booking list query walks its declared index in order: an IXSCAN, no in-memory SORT', async () => {
    const db = `indexes_${randomUUID().slice(0, 8)}`;
    const store = await MongoDocumentStore.connect(url(), db);
    const client = await MongoClient.connect(url());
    try {
      for (const projection of [reservationsProjection, partyBookingsProjection, bookingsCalendarProjection]) {
        await store.ensureIndexes(projection.name, projection.indexes ?? []);
        const docs = Array.from({ length: 300 }, (_, i) => ({
          _id: `${projection.name}-${i}`,
          kind: i % 2 ? 'reservation' : 'party',
          status: 'approved',
          date: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
          time: `${10 + (i % 10)}:00`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
          partySize: 1 + (i % 10),
        }));
        await store.collection(projection.name).putMany(docs);
      }
      for (const query of queries) {
        const explain = await client.db(db).collection(query.collection).find(query.filter).sort(toMongoSort(query.sort)).explain();
        const plan = JSON.stringify(explain.queryPlanner);
        expect(plan, query.collection).toContain('"indexName":"date_time_created"');
        expect(plan, query.collection).not.toMatch(/"stage":"SORT"/);
      }
    } finally {
      await client.db(db).dropDatabase();
      await client.close();
      await store.close();
    }
  });
});
