// mongosh script: indexes of the read-model collections. Idempotent (createIndex on an existing
// identical index is a no-op), run by the mongo-indexes one-shot service in docker-compose.yml:
//   mongosh "mongodb://localhost:27017/?directConnection=true" --file infra/mongo/indexes.js
// Collection names are the projections' names (services/src/**/*-projection.ts); _id is always indexed
// (blocked_dates is keyed by its date, so it needs nothing more).
//
// After `npm run ops -- rebuild`, a projection's collection is replaced by a freshly built one; run this
// script again if the document store does not carry the indexes over (see infra/README.md).
const dbName = (typeof process !== 'undefined' && process.env.MONGODB_DB) || 'cafe';
const cafe = db.getSiblingDB(dbName);

const indexes = {
  // Day, week and month views and the slot lists: filter by date range, sort by date then time.
  reservations: [{ key: { date: 1, time: 1 }, name: 'date_time' }],
  // Party bookings by day and slot, filtered by status (pending / approved / rejected / cancelled).
  party_bookings: [
    { key: { date: 1, time: 1, status: 1 }, name: 'date_time_status' },
    { key: { status: 1, date: 1 }, name: 'status_date' },
  ],
  // Sessions expire by themselves: MongoDB's TTL monitor removes a document once `expire` (a Date) is past.
  sessions: [{ key: { expire: 1 }, name: 'expire_ttl', expireAfterSeconds: 0 }],
  // One document per projection, read by _id (its name) only: the default _id index is all it needs.
  _checkpoints: [],
};

for (const [collection, specs] of Object.entries(indexes)) {
  if (!cafe.getCollectionNames().includes(collection)) cafe.createCollection(collection);
  for (const { key, ...options } of specs) {
    cafe.getCollection(collection).createIndex(key, options);
  }
  const names = cafe
    .getCollection(collection)
    .getIndexes()
    .map((i) => i.name);
  print(`${dbName}.${collection}: ${names.join(', ')}`);
}
