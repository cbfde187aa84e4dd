import { describe, expect, it, vi } from 'vitest';
import { encodeCursor } from '@cafe/contracts';
import type { DocumentCollection, DocumentStore, Filter, FindOptions } from '../src/platform/document-store/document-store.js';
import { allProjections } from '../src/platform/runtime/runtime.js';
import { features } from '../src/features.js';
import { useAdminApp } from './admin-app.js';
import { partyBody, reservationBody } from './booking-test-kit.js';
import { whyIndexDoesNotServe, type RecordedQuery } from './index-plan.js';

/** Records every find the routes run, then lets them run as usual. */
function recordQueries(documents: DocumentStore): RecordedQuery[] {
  const recorded: RecordedQuery[] = [];
  const original = documents.collection.bind(documents);
  vi.spyOn(documents, 'collection').mockImplementation(<T extends { _id: string }>(name: string) => {
    const collection = original(name) as DocumentCollection<T>;
    return {
      ...collection,
      find: (filter: Filter = {}, options: FindOptions = {}) => {
        recorded.push({ collection: name, filter, sort: options.sort });
        return collection.find(filter, options);
      },
    } as unknown as ReturnType<DocumentStore['collection']>;
  });
  return recorded;
}

describe('each read model’s declared indexes match the queries its routes run', () => {
  const { t, send } = useAdminApp();
  const growing = allProjections(features).filter((p) => p.onDisk);

  it('every find on a read model that grows with the bookings is served by a declared index, and every declared index serves one', async () => {
    expect((await send('POST', '/api/admin/reservations', reservationBody)).statusCode).toBe(201);
    expect((await send('POST', '/api/party-bookings', partyBody)).statusCode).toBe(201);
    const recorded = recordQueries(t.runtime.documents);
    const urls = [
      '/api/reservations',
      '/api/party-bookings',
      '/api/admin/bookings/today',
      '/api/admin/bookings/list',
      '/api/admin/bookings/week?date=2026-11-21',
      '/api/admin/bookings/month?date=2026-11-01&minSize=2&maxSize=10',
      '/api/admin/bookings/list?parties=false',
      '/api/admin/bookings/list?reservations=false&from=2026-11-20&to=2026-12-31',
      // Pages: the first, and one after a cursor (the date bound raised to the cursor's day).
      '/api/reservations?limit=1',
      '/api/party-bookings?limit=1',
      '/api/admin/bookings/list?limit=1',
      `/api/reservations?cursor=${encodeCursor({ date: '2026-11-21', time: '11:00', createdAt: '', id: '' })}`,
      `/api/party-bookings?limit=5&cursor=${encodeCursor({ date: '2026-11-18', time: '11:00', createdAt: '', id: '' })}`,
      `/api/admin/bookings/list?minSize=2&limit=5&cursor=${encodeCursor({ date: '2026-11-01', time: '11:00', createdAt: '', id: '' })}`,
      // A day's arrivals, a guest's record, the search box, covers and the reports.
      '/api/admin/arrivals?date=2026-11-21',
      `/api/admin/guests/record?email=${encodeURIComponent(reservationBody.email)}`,
      '/api/admin/booking-search?q=ada',
      '/api/admin/covers?from=2026-11-16&to=2026-11-22',
      '/api/admin/reports?from=2026-11-01&to=2026-11-30',
      '/api/admin/reports/bookings.csv?from=2026-11-01&to=2026-11-30',
      // The games a day's reservations asked for (Today, the booking's dialog).
      '/api/admin/reservation-games?date=2026-11-21',
      // The printed day sheet: the day's calendar, arrivals and a cancelled booking's name.
      '/api/admin/day-sheet?date=2026-11-21',
    ];
    for (const url of urls) {
      const res = await send('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }

    const used = new Set<string>();
    for (const projection of growing) {
      const queries = recorded.filter((q) => q.collection === projection.name);
      // A read model read by _id only (booking_history) runs no find and needs no index beyond _id.
      for (const query of queries) {
        const reasons = (projection.indexes ?? []).map((index) => [index.name, whyIndexDoesNotServe(index, query)] as const);
        const serving = reasons.find(([, why]) => why === null);
        expect(serving, `${projection.name} ${JSON.stringify(query)}: ${reasons.map(([, why]) => why).join('; ')}`).toBeDefined();
        used.add(`${projection.name} ${serving![0]}`);
      }
      for (const index of projection.indexes ?? [])
        expect(used, `${projection.name}.${index.name} serves no query`).toContain(`${projection.name} ${index.name}`);
    }
  });
});
