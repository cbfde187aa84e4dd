/**
 * bench:api's CRUD peer: what a plain implementation of the same public routes costs (crud-peer-app.ts:
 * Fastify + zod + better-sqlite3, WAL, an fsync per commit). POST /api/reservations does one INSERT, no
 * seat check, no mail. Started by api.bench.ts (BENCH_ZONE: the gateway's zone), pinned to one CPU.
 */
import { insertReservation, serveCrudPeer } from './crud-peer-app.js';

serveCrudPeer({
  prefix: 'cafe-bench-peer-',
  label: 'better-sqlite3, WAL, synchronous = FULL',
  keeper: (db) => {
    const insert = insertReservation(db);
    return {
      book: (row) => {
        insert.run(row);
        return null;
      },
    };
  },
});
